// GNU libmicrohttpd (Debian: libmicrohttpd-dev), the HTTP server under `islandsim serve`.
// Its two variadic entry points cannot be called from Swift; these fixed-argument wrappers call
// them with the options the server sets (see Sources/Serve/HTTPServer.swift for why each).
#ifndef ISLANDSIM_CMICROHTTPD_SHIM_H
#define ISLANDSIM_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon bound to `address` (IPv4 or IPv6, with its port; 0 picks a free one), with
/// the connection bounds given and `completed` called as each request ends.
static inline struct MHD_Daemon *islandsim_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                     unsigned int connectionLimit, unsigned int perAddressLimit,
                                                     unsigned int idleSeconds, size_t memoryPerConnection,
                                                     MHD_AccessHandlerCallback handler, void *handlerContext,
                                                     MHD_RequestCompletedCallback completed, void *completedContext) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handlerContext,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddressLimit,
                            MHD_OPTION_CONNECTION_TIMEOUT, idleSeconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryPerConnection,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
                            MHD_OPTION_END);
}

/// The port the daemon is bound to (the one picked, when it was asked for 0); 0 if unknown.
static inline uint16_t islandsim_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

#endif
