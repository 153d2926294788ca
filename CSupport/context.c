#include "ImplicitsCSupport.h"
int ims_placeholder(void) { return 0; }
