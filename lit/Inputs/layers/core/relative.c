#include "../counting/registry.h"
