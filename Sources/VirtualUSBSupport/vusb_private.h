#ifndef NFCRIG_VUSB_PRIVATE_H
#define NFCRIG_VUSB_PRIVATE_H

#include <glib.h>
#include <pthread.h>
#include <umockdev.h>

#include "VirtualUSBSupport.h"

/// One URB the host submitted: the usbdevfs_urb and its data buffer, resolved into local
/// copies that umockdev writes back when a reap returns them.
typedef struct {
    UMockdevIoctlData *urb;
    UMockdevIoctlData *buffer;
    /// The open file that submitted it (a reference): only that client reaps it, and its
    /// URBs die with it, as usbfs kills a file's URBs when the file is closed.
    UMockdevIoctlClient *client;
} nfcrig_vusb_urb;

struct nfcrig_vusb_bus {
    UMockdevTestbed *testbed;
    gchar *root;
};

struct nfcrig_vusb_device {
    nfcrig_vusb_bus *bus;
    uint8_t address;
    gchar *syspath;
    gchar *node;
    UMockdevIoctlBase *handler;
    nfcrig_vusb_out_fn out;
    void *context;
    /// Guards the queues and `gone`. A POSIX mutex rather than glib's GMutex: glib's own
    /// locks are invisible to ThreadSanitizer (glib is not instrumented), which then reports
    /// every hand-over between umockdev's worker thread and the reaper as a race.
    pthread_mutex_t lock;
    /// Bulk IN URBs waiting for bytes from the chip.
    GQueue pending_in;
    /// URBs done and not yet reaped.
    GQueue completed;
    /// Transfers from the chip (GBytes) waiting for a bulk IN URB.
    GQueue in_data;
    /// Set by nfcrig_vusb_disconnect: URBs fail from then on.
    bool gone;
    /// Signalled (with `lock` held) whenever a URB may have become reapable; waits on it
    /// time out on the monotonic clock.
    pthread_cond_t changed;
    /// Runs the reaps that found nothing to reap, so they wait off umockdev's worker thread.
    /// A held reap is pushed with `lock` held and taken with it held: the lock, not the
    /// pool's own queue, is what orders its hand-over.
    GThreadPool *reaper;
    /// The client (one open file of the device node) that claimed interface 0, or NULL. As
    /// usbfs does, a claim or a bulk URB from any other client fails with EBUSY until the
    /// owner releases the interface or closes the node. Touched on umockdev's worker thread
    /// only (where ioctls arrive). A reference is held; a closed owner is dropped when
    /// another client asks (`owner()` in vusb_ioctl.c).
    UMockdevIoctlClient *owner;
};

/// How long a reap that finds nothing waits for a URB before it answers EAGAIN.
#define NFCRIG_VUSB_REAP_HOLD_US 5000

/// Runs one held reap on the device's reaper pool (vusb_ioctl.c).
void nfcrig_vusb_held_reap(gpointer client, gpointer device);

/// The `handle-ioctl` signal handler (vusb_ioctl.c).
gboolean nfcrig_vusb_handle_ioctl(
    UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user_data);


struct usbdevfs_urb;

/// The usbdevfs_urb of a URB record (vusb_control.c).
struct usbdevfs_urb *nfcrig_vusb_urb_header(nfcrig_vusb_urb *urb);

/// Answers a control URB at once, ready to reap (vusb_control.c).
void nfcrig_vusb_answer_control(nfcrig_vusb_urb *urb);

/// Answers a USBDEVFS_CONTROL ioctl (libusb-0.1's control transfers; vusb_control.c).
void nfcrig_vusb_control_ioctl(UMockdevIoctlClient *client);

/// The descriptors a PN533 reports: device, configuration, interface, two endpoints.
extern const uint8_t nfcrig_vusb_descriptors[50];

/// Frees one URB record and its references.
void nfcrig_vusb_urb_free(gpointer urb);

#endif
