#include "counting.h"
#include "registry.h"
