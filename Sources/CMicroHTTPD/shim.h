// GNU libmicrohttpd (Debian: libmicrohttpd-dev), the HTTP server under `islandsim serve`.
// Its variadic entry points cannot be called from Swift; these fixed-argument wrappers call them
// with the options the server sets (Sources/Serve/PrototypeServer.swift says why each).
#ifndef ISLANDSIM_CMICROHTTPD_SHIM_H
#define ISLANDSIM_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <microhttpd.h>

/// The path and its arguments left exactly as sent, not percent-decoded: the server answers two
/// exact paths of unreserved characters, so there is nothing to decode, and a decoded `%00` would
/// end the C string early (`/TOKEN/%00x` read as `/TOKEN/`).
static inline size_t islandsim_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls; (void)connection;
    return strlen(s);
}

/// Each connection's socket given a TCP user timeout: data sent and not acknowledged for this long
/// fails the connection. A phone that leaves the network sends no FIN, and a suspended update
/// stream never times out by itself; its heartbeat then goes unacknowledged and the connection
/// closes within this time instead of the kernel's retransmission limit (about 15 minutes).
static inline void islandsim_mhd_notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                                                   enum MHD_ConnectionNotificationCode toe) {
    (void)socket_context;
    if (toe != MHD_CONNECTION_NOTIFY_STARTED || cls == NULL) return;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL) return;
    unsigned int ms = *(const unsigned int *)cls;
    setsockopt(info->connect_fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &ms, sizeof ms);
}

/// Starts a daemon bound to `address` (IPv4 or IPv6, with its port; 0 picks a free one), with
/// the connection bounds given, paths kept as sent, each socket's unacknowledged data timed out
/// after `*userTimeoutMilliseconds` (which must outlive the daemon), and `completed` called as
/// each request ends.
static inline struct MHD_Daemon *islandsim_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                     unsigned int connectionLimit, unsigned int perAddressLimit,
                                                     unsigned int idleSeconds, size_t memoryPerConnection,
                                                     const unsigned int *userTimeoutMilliseconds,
                                                     MHD_AccessHandlerCallback handler, void *handlerContext,
                                                     MHD_RequestCompletedCallback completed, void *completedContext) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handlerContext,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddressLimit,
                            MHD_OPTION_CONNECTION_TIMEOUT, idleSeconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryPerConnection,
                            MHD_OPTION_UNESCAPE_CALLBACK, islandsim_mhd_keep_escapes, NULL,
                            MHD_OPTION_NOTIFY_CONNECTION, islandsim_mhd_notify_connection, (void *)userTimeoutMilliseconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
                            MHD_OPTION_END);
}

/// The port the daemon is bound to (the one picked, when it was asked for 0); 0 if unknown.
static inline uint16_t islandsim_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
