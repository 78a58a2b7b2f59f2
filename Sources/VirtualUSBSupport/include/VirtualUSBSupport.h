#ifndef NFCRIG_VIRTUAL_USB_SUPPORT_H
#define NFCRIG_VIRTUAL_USB_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Called on umockdev's worker thread with the bytes of one bulk OUT transfer.
typedef void (*nfcrig_vusb_out_fn)(void *context, const uint8_t *bytes, size_t length);

/// One PN533 (04cc:2533) in a umockdev testbed, answering usbdevfs ioctls.
typedef struct nfcrig_vusb_device nfcrig_vusb_device;

/// Creates the testbed and the device at bus 1, address `address` (sysfs name `1-<address>`).
/// Returns NULL on failure. `out` gets every non-empty bulk OUT transfer, in order.
nfcrig_vusb_device *nfcrig_vusb_create(uint8_t address, nfcrig_vusb_out_fn out, void *context);

/// Queues one transfer for the host: it completes the oldest pending bulk IN URB.
void nfcrig_vusb_push_in(nfcrig_vusb_device *device, const uint8_t *bytes, size_t length);

/// Unplugs the device: pending bulk IN URBs fail as after a disconnect and every later
/// URB fails with ENODEV, so libusb reports LIBUSB_ERROR_NO_DEVICE.
void nfcrig_vusb_disconnect(nfcrig_vusb_device *device);

/// Removes the device and the testbed.
void nfcrig_vusb_destroy(nfcrig_vusb_device *device);

/// Whether this process runs under umockdev-wrapper (ask after creating a device).
bool nfcrig_vusb_in_mock_environment(void);

#endif
