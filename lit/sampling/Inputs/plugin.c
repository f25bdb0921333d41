/* A library the pcsamp test opens with dlopen and spends its time in. */
#include "spin.h"

void plugin_work(double seconds) { spin(seconds); }
