#include "core.h"
#include "registry.h"
