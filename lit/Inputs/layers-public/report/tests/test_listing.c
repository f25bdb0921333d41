#include "check.h"
#include "fixture.h"
#include "counting.h"
#include "registry.h"
