// Control URBs: the string descriptors ("NXP", "PN533"); other requests succeed empty.
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

/// Answers a control URB at once: GET_DESCRIPTOR(string), anything else succeeds empty.
void nfcrig_vusb_answer_control(nfcrig_vusb_urb *urb) {
    struct usbdevfs_urb *header = nfcrig_vusb_urb_header(urb);
    uint8_t *setup = urb->buffer->data;
    int capacity = header->buffer_length - 8;
    header->actual_length = 0;
    header->status = 0;
    if (capacity < 0) {
        header->status = -EINVAL;
    } else if (setup[0] == 0x80 && setup[1] == 6 && setup[3] == 3) {
        int wanted = MIN(capacity, setup[6] | setup[7] << 8);
        int length = string_descriptor(setup[2], setup + 8, wanted);
        if (length < 0) {
            header->status = -EPIPE;
        } else {
            header->actual_length = length;
        }
    }
}
