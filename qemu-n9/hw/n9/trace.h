#include "trace/trace-hw_n9.h"
