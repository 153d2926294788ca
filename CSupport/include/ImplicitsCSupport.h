#ifndef IMPLICITS_C_SUPPORT_H
#define IMPLICITS_C_SUPPORT_H
int ims_placeholder(void);
#endif
