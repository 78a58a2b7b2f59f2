// The umockdev testbed holding one virtual PN533: sysfs entries libusb enumerates and a
// device node whose ioctls vusb_ioctl.c answers.
#include <errno.h>
#include <linux/usbdevice_fs.h>
#include <stdio.h>

#include "vusb_private.h"

// Device, configuration, interface and endpoint descriptors of a PN533 reader: 04cc:2533,
// strings 1 "NXP" and 2 "PN533", no serial number, one vendor-class interface with bulk
// OUT 0x04 and bulk IN 0x84 of 64-byte packets.
static const char *const descriptors_hex =
    "12010002000000"
    "40cc0433250001010200"
    "01"
    "090220000101008032"
    "0904000002ffffff00"
    "07050402400000"
    "07058402400000";

nfcrig_vusb_device *nfcrig_vusb_create(uint8_t address, nfcrig_vusb_out_fn out, void *context) {
    nfcrig_vusb_device *device = g_new0(nfcrig_vusb_device, 1);
    device->out = out;
    device->context = context;
    g_mutex_init(&device->lock);
    g_queue_init(&device->pending_in);
    g_queue_init(&device->completed);
    g_queue_init(&device->in_data);

    device->testbed = umockdev_testbed_new();
    device->handler = umockdev_ioctl_base_new();
    g_signal_connect(
        device->handler, "handle-ioctl", G_CALLBACK(nfcrig_vusb_handle_ioctl), device);

    g_autofree gchar *node = g_strdup_printf("/dev/bus/usb/001/%03u", address);
    g_autoptr(GError) error = NULL;
    // The handler goes first, so the node answers as soon as the device appears.
    if (!umockdev_testbed_attach_ioctl(device->testbed, node, device->handler, &error)) {
        fprintf(stderr, "nfcrig: umockdev attach_ioctl %s: %s\n", node, error->message);
        nfcrig_vusb_destroy(device);
        return NULL;
    }
    g_autofree gchar *record = g_strdup_printf(
        "P: /devices/1-%u\n"
        "N: bus/usb/001/%03u\n"
        "E: SUBSYSTEM=usb\n"
        "E: DEVTYPE=usb_device\n"
        "E: DEVNAME=/dev/bus/usb/001/%03u\n"
        "E: BUSNUM=001\n"
        "E: DEVNUM=%03u\n"
        "A: busnum=1\\n\n"
        "A: devnum=%u\\n\n"
        "A: speed=12\\n\n"
        "A: bConfigurationValue=1\\n\n"
        "H: descriptors=%s\n",
        address, address, address, address, address, descriptors_hex);
    if (!umockdev_testbed_add_from_string(device->testbed, record, &error)) {
        fprintf(stderr, "nfcrig: umockdev add_from_string: %s\n", error->message);
        nfcrig_vusb_destroy(device);
        return NULL;
    }
    return device;
}

void nfcrig_vusb_push_in(nfcrig_vusb_device *device, const uint8_t *bytes, size_t length) {
    g_mutex_lock(&device->lock);
    g_queue_push_tail(&device->in_data, g_bytes_new(bytes, length));
    g_mutex_unlock(&device->lock);
}

void nfcrig_vusb_disconnect(nfcrig_vusb_device *device) {
    g_mutex_lock(&device->lock);
    device->gone = true;
    nfcrig_vusb_urb *urb;
    while ((urb = g_queue_pop_head(&device->pending_in)) != NULL) {
        nfcrig_vusb_urb_header(urb)->status = -ESHUTDOWN;
        nfcrig_vusb_urb_header(urb)->actual_length = 0;
        g_queue_push_tail(&device->completed, urb);
    }
    g_mutex_unlock(&device->lock);
}

void nfcrig_vusb_destroy(nfcrig_vusb_device *device) {
    g_clear_object(&device->testbed);
    g_clear_object(&device->handler);
    g_queue_clear_full(&device->pending_in, nfcrig_vusb_urb_free);
    g_queue_clear_full(&device->completed, nfcrig_vusb_urb_free);
    g_queue_clear_full(&device->in_data, (GDestroyNotify)g_bytes_unref);
    g_mutex_clear(&device->lock);
    g_free(device);
}

bool nfcrig_vusb_in_mock_environment(void) { return umockdev_in_mock_environment(); }
