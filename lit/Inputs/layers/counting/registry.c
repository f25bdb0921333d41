#include "core.h"
#include "registry.h"
#include "ss/format.h"
#include <stdio.h>
