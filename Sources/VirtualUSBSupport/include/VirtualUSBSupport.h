#ifndef NFCRIG_VIRTUAL_USB_SUPPORT_H
#define NFCRIG_VIRTUAL_USB_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Called on umockdev's worker thread with the bytes of one bulk OUT transfer.
typedef void (*nfcrig_vusb_out_fn)(void *context, const uint8_t *bytes, size_t length);

/// A umockdev testbed: USB bus 1 of this process and of its children. umockdev keeps one
/// testbed per process (it names it in the UMOCKDEV_DIR environment variable).
typedef struct nfcrig_vusb_bus nfcrig_vusb_bus;

/// One PN533 (04cc:2533) on a bus, answering usbdevfs ioctls.
typedef struct nfcrig_vusb_device nfcrig_vusb_device;

/// Creates the testbed; NULL on failure.
nfcrig_vusb_bus *nfcrig_vusb_bus_create(void);

/// The testbed's root directory (the value of UMOCKDEV_DIR); owned by the bus.
const char *nfcrig_vusb_bus_root(nfcrig_vusb_bus *bus);

/// Removes the testbed; destroy its devices first.
void nfcrig_vusb_bus_destroy(nfcrig_vusb_bus *bus);

/// Adds a device at bus 1, `address` (sysfs name `1-<address>`, node
/// /dev/bus/usb/001/<address>). Returns NULL on failure (umockdev's reason on stderr).
/// `out` gets every non-empty bulk OUT transfer, in order.
nfcrig_vusb_device *nfcrig_vusb_create(
    nfcrig_vusb_bus *bus, uint8_t address, nfcrig_vusb_out_fn out, void *context);

/// Queues one transfer for the host: it completes the oldest pending bulk IN URB.
void nfcrig_vusb_push_in(nfcrig_vusb_device *device, const uint8_t *bytes, size_t length);

/// Unplugs the device: pending bulk IN URBs fail as after a disconnect and every later
/// URB fails with ENODEV, so libusb reports LIBUSB_ERROR_NO_DEVICE.
void nfcrig_vusb_disconnect(nfcrig_vusb_device *device);

/// Removes the device from its bus.
void nfcrig_vusb_destroy(nfcrig_vusb_device *device);

/// Whether this process runs under umockdev-wrapper (ask after creating a bus).
bool nfcrig_vusb_in_mock_environment(void);

#endif
