#ifndef NFCRIG_CUMOCKDEV_SHIM_H
#define NFCRIG_CUMOCKDEV_SHIM_H
#include <umockdev.h>
#endif
