// The umockdev testbed (bus 1) and the virtual PN533s on it: sysfs entries libusb-1.0
// enumerates, device nodes holding the descriptors libusb-0.1 reads, and ioctl handlers
// (vusb_ioctl.c).
#include <errno.h>
#include <linux/usbdevice_fs.h>
#include <stdio.h>

#include "vusb_private.h"

// Device, configuration, interface and endpoint descriptors of a PN533 reader: 04cc:2533,
// strings 1 "NXP" and 2 "PN533", no serial number, one vendor-class interface with bulk
// OUT 0x04 and bulk IN 0x84 of 64-byte packets.
const uint8_t nfcrig_vusb_descriptors[50] = {
    0x12, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x40, 0xcc, 0x04, 0x33, 0x25, 0x00, 0x01, 0x01,
    0x02, 0x00, 0x01,                                                      // device
    0x09, 0x02, 0x20, 0x00, 0x01, 0x01, 0x00, 0x80, 0x32,                   // configuration
    0x09, 0x04, 0x00, 0x00, 0x02, 0xff, 0xff, 0xff, 0x00,                   // interface
    0x07, 0x05, 0x04, 0x02, 0x40, 0x00, 0x00,                               // bulk OUT
    0x07, 0x05, 0x84, 0x02, 0x40, 0x00, 0x00,                               // bulk IN
};

nfcrig_vusb_bus *nfcrig_vusb_bus_create(void) {
    nfcrig_vusb_bus *bus = g_new0(nfcrig_vusb_bus, 1);
    bus->testbed = umockdev_testbed_new();
    if (bus->testbed == NULL) {
        g_free(bus);
        return NULL;
    }
    bus->root = umockdev_testbed_get_root_dir(bus->testbed);
    return bus;
}

const char *nfcrig_vusb_bus_root(nfcrig_vusb_bus *bus) { return bus->root; }

void nfcrig_vusb_bus_destroy(nfcrig_vusb_bus *bus) {
    g_clear_object(&bus->testbed);
    g_free(bus->root);
    g_free(bus);
}

/// The descriptors in the uppercase hex umockdev's record format wants.
static gchar *descriptors_hex(void) {
    GString *hex = g_string_sized_new(2 * sizeof nfcrig_vusb_descriptors + 1);
    for (size_t i = 0; i < sizeof nfcrig_vusb_descriptors; i++) {
        g_string_append_printf(hex, "%02X", nfcrig_vusb_descriptors[i]);
    }
    return g_string_free(hex, FALSE);
}

nfcrig_vusb_device *nfcrig_vusb_create(
    nfcrig_vusb_bus *bus, uint8_t address, nfcrig_vusb_out_fn out, void *context) {
    nfcrig_vusb_device *device = g_new0(nfcrig_vusb_device, 1);
    device->bus = bus;
    device->address = address;
    device->out = out;
    device->context = context;
    pthread_mutex_init(&device->lock, NULL);
    g_queue_init(&device->pending_in);
    g_queue_init(&device->completed);
    g_queue_init(&device->in_data);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&device->changed, &monotonic);
    pthread_condattr_destroy(&monotonic);
    // One thread: the device's one libusb client has one reap outstanding at a time.
    device->reaper = g_thread_pool_new(nfcrig_vusb_held_reap, device, 1, FALSE, NULL);

    device->handler = umockdev_ioctl_base_new();
    g_signal_connect(
        device->handler, "handle-ioctl", G_CALLBACK(nfcrig_vusb_handle_ioctl), device);

    device->node = g_strdup_printf("/dev/bus/usb/001/%03u", address);
    g_autoptr(GError) error = NULL;
    // The handler goes first, so the node answers as soon as the device appears.
    if (!umockdev_testbed_attach_ioctl(bus->testbed, device->node, device->handler, &error)) {
        fprintf(stderr, "nfcrig: umockdev attach_ioctl %s: %s\n", device->node, error->message);
        g_clear_pointer(&device->node, g_free);
        nfcrig_vusb_destroy(device);
        return NULL;
    }
    g_autofree gchar *hex = descriptors_hex();
    // The node's content is what libusb-0.1 (libnfc) reads as the descriptors; libusb-1.0
    // reads the sysfs attribute.
    g_autofree gchar *record = g_strdup_printf(
        "P: /devices/1-%u\n"
        "N: bus/usb/001/%03u=%s\n"
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
        address, address, hex, address, address, address, hex);
    if (!umockdev_testbed_add_from_string(bus->testbed, record, &error)) {
        fprintf(stderr, "nfcrig: umockdev add_from_string: %s\n", error->message);
        nfcrig_vusb_destroy(device);
        return NULL;
    }
    device->syspath = g_strdup_printf("/sys/devices/1-%u", address);
    return device;
}

void nfcrig_vusb_push_in(nfcrig_vusb_device *device, const uint8_t *bytes, size_t length) {
    pthread_mutex_lock(&device->lock);
    g_queue_push_tail(&device->in_data, g_bytes_new(bytes, length));
    pthread_cond_broadcast(&device->changed);
    pthread_mutex_unlock(&device->lock);
}

void nfcrig_vusb_disconnect(nfcrig_vusb_device *device) {
    pthread_mutex_lock(&device->lock);
    device->gone = true;
    nfcrig_vusb_urb *urb;
    while ((urb = g_queue_pop_head(&device->pending_in)) != NULL) {
        nfcrig_vusb_urb_header(urb)->status = -ESHUTDOWN;
        nfcrig_vusb_urb_header(urb)->actual_length = 0;
        g_queue_push_tail(&device->completed, urb);
    }
    pthread_cond_broadcast(&device->changed);
    pthread_mutex_unlock(&device->lock);
}

void nfcrig_vusb_destroy(nfcrig_vusb_device *device) {
    if (device->reaper != NULL) {
        // Held reaps end now (gone), and the pool is freed once they have.
        pthread_mutex_lock(&device->lock);
        device->gone = true;
        pthread_cond_broadcast(&device->changed);
        pthread_mutex_unlock(&device->lock);
        g_thread_pool_free(device->reaper, FALSE, TRUE);
        device->reaper = NULL;
    }
    if (device->syspath != NULL) {
        umockdev_testbed_remove_device(device->bus->testbed, device->syspath);
    }
    if (device->node != NULL) {
        umockdev_testbed_detach_ioctl(device->bus->testbed, device->node, NULL);
    }
    g_clear_object(&device->owner);
    g_free(device->syspath);
    g_free(device->node);
    g_clear_object(&device->handler);
    g_queue_clear_full(&device->pending_in, nfcrig_vusb_urb_free);
    g_queue_clear_full(&device->completed, nfcrig_vusb_urb_free);
    g_queue_clear_full(&device->in_data, (GDestroyNotify)g_bytes_unref);
    pthread_mutex_destroy(&device->lock);
    pthread_cond_destroy(&device->changed);
    g_free(device);
}

bool nfcrig_vusb_in_mock_environment(void) { return umockdev_in_mock_environment(); }
