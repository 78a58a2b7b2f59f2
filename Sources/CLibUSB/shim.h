#ifndef NFCRIG_CLIBUSB_SHIM_H
#define NFCRIG_CLIBUSB_SHIM_H

#include <libusb.h>

// libusb_set_option is variadic, and Swift cannot call C variadic functions: one fixed
// signature per option nfcrig sets.
static inline int nfcrig_libusb_set_log_level(libusb_context *context, int level) {
    return libusb_set_option(context, LIBUSB_OPTION_LOG_LEVEL, level);
}

#endif
