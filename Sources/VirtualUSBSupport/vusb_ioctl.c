// The usbdevfs ioctls libusb-1.0 and libusb-0.1 issue, answered on umockdev's worker thread: bulk OUT URBs go
// to the Swift side at once, bulk IN URBs wait for bytes from it, control URBs are answered
// by vusb_control.c.
#include <errno.h>
#include <linux/ioctl.h>
#include <linux/usbdevice_fs.h>
#include <string.h>

#include "vusb_private.h"

void nfcrig_vusb_urb_free(gpointer pointer) {
    nfcrig_vusb_urb *urb = pointer;
    g_clear_object(&urb->urb);
    g_clear_object(&urb->buffer);
    g_clear_object(&urb->client);
    g_free(urb);
}

/// With NFCRIG_VUSB_DEBUG set, one line per URB event on stderr.
static void trace(const char *event, nfcrig_vusb_urb *urb) {
    if (g_getenv("NFCRIG_VUSB_DEBUG") == NULL) {
        return;
    }
    struct usbdevfs_urb *header = nfcrig_vusb_urb_header(urb);
    GString *line = g_string_new(NULL);
    g_string_append_printf(
        line, "nfcrig vusb: %s ep %02x urb %#lx length %d actual %d status %d:", event,
        header->endpoint, urb->urb->client_addr, header->buffer_length, header->actual_length,
        header->status);
    int shown = (header->endpoint & 0x80) ? header->actual_length : header->buffer_length;
    for (int i = 0; urb->buffer != NULL && i < MIN(shown, 24); i++) {
        g_string_append_printf(line, " %02x", ((uint8_t *)urb->buffer->data)[i]);
    }
    g_printerr("%s\n", line->str);
    g_string_free(line, TRUE);
}

/// Drops every URB of `queue` that `client` submitted. Called with the lock held.
static void drop_urbs_of(GQueue *queue, UMockdevIoctlClient *client) {
    GList *link = queue->head;
    while (link != NULL) {
        GList *next = link->next;
        nfcrig_vusb_urb *urb = link->data;
        if (urb->client == client) {
            g_queue_delete_link(queue, link);
            nfcrig_vusb_urb_free(urb);
        }
        link = next;
    }
}

/// The client that owns interface 0, or NULL: a client whose node was closed gives up its
/// claim, as closing a usbfs file does (umockdev's `client-vanished` signal is never
/// emitted, so the owner's `connected` property is read when another client asks). Its
/// URBs go with it: a process that died waiting for the chip leaves a bulk IN URB behind,
/// which would otherwise take the next owner's first answer from the chip.
static UMockdevIoctlClient *owner(nfcrig_vusb_device *device) {
    if (device->owner != NULL && !umockdev_ioctl_client_get_connected(device->owner)) {
        pthread_mutex_lock(&device->lock);
        drop_urbs_of(&device->pending_in, device->owner);
        drop_urbs_of(&device->completed, device->owner);
        pthread_mutex_unlock(&device->lock);
        g_clear_object(&device->owner);
    }
    return device->owner;
}

/// Whether `client` may use interface 0: it owns it, or nobody does and it takes it now.
/// usbfs claims the interface for a client that submits a bulk URB without claiming first.
static bool take_interface(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    if (owner(device) != NULL && device->owner != client) {
        return false;
    }
    if (device->owner == NULL) {
        // Held until released, so that a closed client's address cannot come back as a
        // new client that would then own the interface.
        device->owner = g_object_ref(client);
    }
    return true;
}

/// Frees the interface if `client` owns it.
static void give_up_interface(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    if (device->owner == client) {
        g_clear_object(&device->owner);
    }
}

static void submit(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    nfcrig_vusb_urb *urb = g_new0(nfcrig_vusb_urb, 1);
    urb->client = g_object_ref(client);
    urb->urb = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_urb), NULL);
    struct usbdevfs_urb *header = nfcrig_vusb_urb_header(urb);
    // A zero-length packet has no buffer to resolve (umockdev refuses an empty one).
    if (header->buffer_length > 0) {
        urb->buffer = umockdev_ioctl_data_resolve(
            urb->urb, G_STRUCT_OFFSET(struct usbdevfs_urb, buffer), (gsize)header->buffer_length,
            NULL);
    }
    gboolean control = header->type == USBDEVFS_URB_TYPE_CONTROL;
    // The default control endpoint needs no claimed interface; a bulk one is the owner's.
    if (!control && !take_interface(device, client)) {
        nfcrig_vusb_urb_free(urb);
        umockdev_ioctl_client_complete(client, -1, EBUSY);
        return;
    }
    if ((urb->buffer == NULL && header->buffer_length > 0)
        || (control && header->buffer_length < 8)) {
        nfcrig_vusb_urb_free(urb);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    if (control) {
        nfcrig_vusb_answer_control(urb);
    } else if (header->type != USBDEVFS_URB_TYPE_BULK) {
        nfcrig_vusb_urb_free(urb);
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    } else if (header->endpoint & 0x80) {
        pthread_mutex_lock(&device->lock);
        g_queue_push_tail(&device->pending_in, urb);
        pthread_cond_broadcast(&device->changed);
        pthread_mutex_unlock(&device->lock);
        trace("submit", urb);
        umockdev_ioctl_client_complete(client, 0, 0);
        return;
    } else {
        // A host's ACK aborts what the chip was doing, and the chip drops the answers it
        // had not yet handed over: nfcpy and libnfc send one when they open a reader, as a
        // soft reset, so that a program that died mid-command leaves nothing stale behind.
        static const uint8_t ack[] = {0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00};
        if (header->buffer_length == sizeof ack
            && memcmp(urb->buffer->data, ack, sizeof ack) == 0) {
            pthread_mutex_lock(&device->lock);
            g_queue_clear_full(&device->in_data, (GDestroyNotify)g_bytes_unref);
            pthread_mutex_unlock(&device->lock);
        }
        // A zero-length packet only ends a transfer: the chip sees transfers, not packets.
        if (header->buffer_length > 0) {
            device->out(device->context, urb->buffer->data, (size_t)header->buffer_length);
        }
        header->actual_length = header->buffer_length;
        header->status = 0;
    }
    trace("submit", urb);
    pthread_mutex_lock(&device->lock);
    g_queue_push_tail(&device->completed, urb);
    pthread_cond_broadcast(&device->changed);
    pthread_mutex_unlock(&device->lock);
    umockdev_ioctl_client_complete(client, 0, 0);
}

/// The first URB of `queue` that `client` submitted, or NULL. Called with the lock held.
static GList *first_of(GQueue *queue, UMockdevIoctlClient *client) {
    for (GList *link = queue->head; link != NULL; link = link->next) {
        if (((nfcrig_vusb_urb *)link->data)->client == client) {
            return link;
        }
    }
    return NULL;
}

/// Whether `client` has a bulk IN URB waiting for the chip. Called with the lock held.
static bool is_waiting(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    return first_of(&device->pending_in, client) != NULL;
}

/// The next URB to hand back to `client`, or NULL: one of its completed URBs, else its
/// oldest pending IN URB filled with the oldest transfer from the chip, when that URB is
/// the first in line (the chip's bytes go to URBs in the order they were submitted).
/// Called with the lock held.
static nfcrig_vusb_urb *next_reapable(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    GList *done = first_of(&device->completed, client);
    if (done != NULL) {
        nfcrig_vusb_urb *urb = done->data;
        g_queue_delete_link(&device->completed, done);
        return urb;
    }
    nfcrig_vusb_urb *urb = g_queue_peek_head(&device->pending_in);
    if (urb == NULL || urb->client != client || g_queue_is_empty(&device->in_data)) {
        return NULL;
    }
    urb = g_queue_pop_head(&device->pending_in);
    GBytes *bytes = g_queue_pop_head(&device->in_data);
    struct usbdevfs_urb *header = nfcrig_vusb_urb_header(urb);
    gsize length = 0;
    const uint8_t *data = g_bytes_get_data(bytes, &length);
    length = MIN(length, (gsize)header->buffer_length);
    if (length > 0) {
        memcpy(urb->buffer->data, data, length);
    }
    header->actual_length = (int)length;
    header->status = 0;
    g_bytes_unref(bytes);
    return urb;
}

/// Hands `urb` back to the reaping client through `pointer` (its resolved argument), or
/// EAGAIN when there is none.
static void complete_reap(
    UMockdevIoctlClient *client, UMockdevIoctlData *pointer, nfcrig_vusb_urb *urb) {
    if (urb == NULL || pointer == NULL) {
        umockdev_ioctl_client_complete(client, -1, urb == NULL ? EAGAIN : EFAULT);
    } else {
        umockdev_ioctl_data_set_ptr(pointer, 0, urb->urb);
        trace("reap", urb);
        umockdev_ioctl_client_complete(client, 0, 0);
    }
    if (urb != NULL) {
        nfcrig_vusb_urb_free(urb);
    }
}

/// The reap argument (where the URB's address goes), read from the client.
static UMockdevIoctlData *resolve_reap_pointer(UMockdevIoctlClient *client) {
    return umockdev_ioctl_data_resolve(
        umockdev_ioctl_client_get_arg(client), 0, sizeof(gpointer), NULL);
}

/// A reap waiting on the device's reaper for the chip's bytes.
typedef struct {
    UMockdevIoctlClient *client;
    UMockdevIoctlData *pointer;
} held_reap;

static void reap(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    pthread_mutex_lock(&device->lock);
    nfcrig_vusb_urb *urb = next_reapable(device, client);
    // Only a bulk IN URB waiting for the chip can complete later; with none, the client
    // (which reaps again after every URB it got) hears EAGAIN at once.
    bool waiting = urb == NULL && is_waiting(device, client);
    pthread_mutex_unlock(&device->lock);
    if (!waiting || device->reaper == NULL) {
        g_autoptr(UMockdevIoctlData) pointer = urb != NULL ? resolve_reap_pointer(client) : NULL;
        complete_reap(client, pointer, urb);
        return;
    }
    // libusb polls the node, which umockdev makes always ready, and reaps again at once.
    // Waiting here on umockdev's one worker thread (shared by every device of the bus)
    // would hold up all other devices' transfers; the device's reaper waits instead, and
    // answers the moment the chip's bytes arrive. Reading the argument now (a round trip to
    // the client) keeps that round trip out of the time between the chip's answer and the
    // host's next command.
    held_reap *held = g_new0(held_reap, 1);
    held->client = g_object_ref(client);
    held->pointer = resolve_reap_pointer(client);
    pthread_mutex_lock(&device->lock);
    g_thread_pool_push(device->reaper, held, NULL);
    pthread_mutex_unlock(&device->lock);
}

/// Waits on `changed` until signalled or `deadline` (monotonic µs, as g_get_monotonic_time
/// counts); false when the deadline passed. Called with the lock held.
static bool wait_until(nfcrig_vusb_device *device, gint64 deadline) {
    struct timespec until = {
        .tv_sec = deadline / G_USEC_PER_SEC,
        .tv_nsec = (deadline % G_USEC_PER_SEC) * 1000,
    };
    return pthread_cond_timedwait(&device->changed, &device->lock, &until) != ETIMEDOUT;
}

void nfcrig_vusb_held_reap(gpointer data, gpointer user_data) {
    held_reap *held = data;
    nfcrig_vusb_device *device = user_data;
    gint64 deadline = g_get_monotonic_time() + NFCRIG_VUSB_REAP_HOLD_US;
    pthread_mutex_lock(&device->lock);
    nfcrig_vusb_urb *urb = next_reapable(device, held->client);
    while (urb == NULL && !device->gone && is_waiting(device, held->client)
           && wait_until(device, deadline)) {
        urb = next_reapable(device, held->client);
    }
    if (urb == NULL) {
        urb = next_reapable(device, held->client);
    }
    pthread_mutex_unlock(&device->lock);
    // The client waits in its ioctl until this completes: nothing else uses its stream.
    complete_reap(held->client, held->pointer, urb);
    if (held->pointer != NULL) {
        umockdev_ioctl_data_unref(held->pointer);
    }
    g_object_unref(held->client);
    g_free(held);
}

static void discard(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    gulong address = (gulong) * (gpointer *)arg->data;
    pthread_mutex_lock(&device->lock);
    // An address is the client's own: another process may use the same one.
    GList *link = device->pending_in.head;
    while (link != NULL) {
        nfcrig_vusb_urb *urb = link->data;
        if (urb->client == client && urb->urb->client_addr == address) {
            break;
        }
        link = link->next;
    }
    if (link != NULL) {
        nfcrig_vusb_urb *urb = link->data;
        g_queue_delete_link(&device->pending_in, link);
        nfcrig_vusb_urb_header(urb)->status = -ENOENT;
        nfcrig_vusb_urb_header(urb)->actual_length = 0;
        g_queue_push_tail(&device->completed, urb);
        pthread_cond_broadcast(&device->changed);
    }
    pthread_mutex_unlock(&device->lock);
    umockdev_ioctl_client_complete(client, link != NULL ? 0 : -1, link != NULL ? 0 : EINVAL);
}

static void release_interface(nfcrig_vusb_device *device, UMockdevIoctlClient *client) {

    if (device->owner != client) {
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    give_up_interface(device, client);
    umockdev_ioctl_client_complete(client, 0, 0);
}


static bool is_gone(nfcrig_vusb_device *device) {
    pthread_mutex_lock(&device->lock);
    bool gone = device->gone;
    pthread_mutex_unlock(&device->lock);
    return gone;
}

gboolean nfcrig_vusb_handle_ioctl(
    UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user_data) {
    (void)handler;
    nfcrig_vusb_device *device = user_data;
    gulong request = umockdev_ioctl_client_get_request(client);
    switch (request) {
    case USBDEVFS_GET_CAPABILITIES: {
        g_autoptr(UMockdevIoctlData) caps = umockdev_ioctl_data_resolve(
            umockdev_ioctl_client_get_arg(client), 0, sizeof(guint32), NULL);
        *(guint32 *)caps->data = USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_ZERO_PACKET
            | USBDEVFS_CAP_REAP_AFTER_DISCONNECT;
        umockdev_ioctl_client_complete(client, 0, 0);
        return TRUE;
    }
    case USBDEVFS_CONNECTINFO: {
        g_autoptr(UMockdevIoctlData) info = umockdev_ioctl_data_resolve(
            umockdev_ioctl_client_get_arg(client), 0, sizeof(struct usbdevfs_connectinfo), NULL);
        if (info == NULL) {
            umockdev_ioctl_client_complete(client, -1, EFAULT);
            return TRUE;
        }
        ((struct usbdevfs_connectinfo *)info->data)->devnum = device->address;
        ((struct usbdevfs_connectinfo *)info->data)->slow = 0;
        umockdev_ioctl_client_complete(client, 0, 0);
        return TRUE;
    }
    case USBDEVFS_CONTROL:
        if (is_gone(device)) {
            umockdev_ioctl_client_complete(client, -1, ENODEV);
            return TRUE;
        }
        nfcrig_vusb_control_ioctl(client);
        return TRUE;
    case USBDEVFS_GETDRIVER:
        umockdev_ioctl_client_complete(client, -1, ENODATA);
        return TRUE;
    case USBDEVFS_CLAIMINTERFACE:
        if (take_interface(device, client)) {
            umockdev_ioctl_client_complete(client, 0, 0);
        } else {
            umockdev_ioctl_client_complete(client, -1, EBUSY);
        }
        return TRUE;
    case USBDEVFS_RELEASEINTERFACE:
        release_interface(device, client);
        return TRUE;
    case USBDEVFS_SETCONFIGURATION:
        // usbfs refuses to change the configuration while any interface is claimed:
        // libnfc sets it before claiming, so a second libnfc program stops here.
        if (owner(device) == NULL) {
            umockdev_ioctl_client_complete(client, 0, 0);
        } else {
            umockdev_ioctl_client_complete(client, -1, EBUSY);
        }
        return TRUE;
    case USBDEVFS_SETINTERFACE:
    case USBDEVFS_CLEAR_HALT:
    case USBDEVFS_RESET:
    case USBDEVFS_RESETEP:
        umockdev_ioctl_client_complete(client, 0, 0);
        return TRUE;
    case USBDEVFS_SUBMITURB:
        if (is_gone(device)) {
            umockdev_ioctl_client_complete(client, -1, ENODEV);
            return TRUE;
        }
        submit(device, client);
        return TRUE;
    case USBDEVFS_REAPURB:
    case USBDEVFS_REAPURBNDELAY:
        reap(device, client);
        return TRUE;
    case USBDEVFS_DISCARDURB:
        discard(device, client);
        return TRUE;
    default:
        if (g_getenv("NFCRIG_VUSB_DEBUG") != NULL) {
            g_printerr("nfcrig vusb: unhandled ioctl 0x%lx\n", request);
        }
        return FALSE;
    }
}
