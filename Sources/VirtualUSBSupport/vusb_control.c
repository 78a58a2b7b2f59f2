// Control transfers, as URBs (libusb-1.0) or USBDEVFS_CONTROL ioctls (libusb-0.1):
// GET_DESCRIPTOR for the device, configuration and strings ("NXP", "PN533"); other
// requests succeed with no data.
#include <errno.h>
#include <linux/ioctl.h>
#include <linux/usbdevice_fs.h>
#include <string.h>

#include "vusb_private.h"

struct usbdevfs_urb *nfcrig_vusb_urb_header(nfcrig_vusb_urb *urb) {
    return (struct usbdevfs_urb *)urb->urb->data;
}

/// String descriptor `index` (0: the language list) into `out`; its length, or -1.
static int string_descriptor(uint8_t index, uint8_t *out, int capacity) {
    static const char *const strings[] = {NULL, "NXP", "PN533"};
    uint8_t descriptor[2 + 2 * 8];
    int length;
    if (index == 0) {
        const uint8_t languages[] = {4, 3, 0x09, 0x04};
        memcpy(descriptor, languages, sizeof languages);
        length = sizeof languages;
    } else if (index < G_N_ELEMENTS(strings)) {
        const char *text = strings[index];
        length = 2 + 2 * (int)strlen(text);
        descriptor[0] = (uint8_t)length;
        descriptor[1] = 3;
        for (size_t i = 0; text[i] != 0; i++) {
            descriptor[2 + 2 * i] = (uint8_t)text[i];
            descriptor[3 + 2 * i] = 0;
        }
    } else {
        return -1;
    }
    length = MIN(length, capacity);
    memcpy(out, descriptor, (size_t)length);
    return length;
}

/// Answers one control request into `data` (at most `capacity` bytes): the length
/// answered, or -1 for a stall.
static int control_request(
    uint8_t request_type, uint8_t request, uint16_t value, uint8_t *data, int capacity) {
    if (request_type != 0x80 || request != 6) {
        return 0;
    }
    uint8_t type = value >> 8;
    uint8_t index = value & 0xff;
    const uint8_t *descriptor = NULL;
    int length = 0;
    if (type == 1 && index == 0) {
        descriptor = nfcrig_vusb_descriptors;
        length = nfcrig_vusb_descriptors[0];
    } else if (type == 2 && index == 0) {
        descriptor = nfcrig_vusb_descriptors + nfcrig_vusb_descriptors[0];
        length = (int)sizeof nfcrig_vusb_descriptors - nfcrig_vusb_descriptors[0];
    } else if (type == 3) {
        return string_descriptor(index, data, capacity);
    } else {
        return -1;
    }
    length = MIN(length, capacity);
    memcpy(data, descriptor, (size_t)length);
    return length;
}

void nfcrig_vusb_answer_control(nfcrig_vusb_urb *urb) {
    struct usbdevfs_urb *header = nfcrig_vusb_urb_header(urb);
    uint8_t *setup = urb->buffer->data;
    int capacity = header->buffer_length - 8;
    header->actual_length = 0;
    header->status = 0;
    if (capacity < 0) {
        header->status = -EINVAL;
        return;
    }
    capacity = MIN(capacity, setup[6] | setup[7] << 8);
    int length = control_request(setup[0], setup[1], setup[2] | setup[3] << 8, setup + 8, capacity);
    if (length < 0) {
        header->status = -EPIPE;
    } else {
        header->actual_length = length;
    }
}

void nfcrig_vusb_control_ioctl(UMockdevIoctlClient *client) {
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    g_autoptr(UMockdevIoctlData) transfer =
        umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_ctrltransfer), NULL);
    if (transfer == NULL) {
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    struct usbdevfs_ctrltransfer *control = (struct usbdevfs_ctrltransfer *)transfer->data;
    int capacity = control->wLength;
    g_autoptr(UMockdevIoctlData) data = NULL;
    if (capacity > 0) {
        data = umockdev_ioctl_data_resolve(
            transfer, G_STRUCT_OFFSET(struct usbdevfs_ctrltransfer, data), (gsize)capacity,
            NULL);
        if (data == NULL) {
            umockdev_ioctl_client_complete(client, -1, EFAULT);
            return;
        }
    }
    uint8_t scratch[1];
    int length = control_request(
        control->bRequestType, control->bRequest, control->wValue,
        data != NULL ? data->data : scratch, capacity);
    if (length < 0) {
        umockdev_ioctl_client_complete(client, -1, EPIPE);
    } else {
        umockdev_ioctl_client_complete(client, length, 0);
    }
}
