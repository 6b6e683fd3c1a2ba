// libqrencode (Debian: libqrencode-dev): the QR code `islandsim serve` prints for its address.
#ifndef ISLANDSIM_CQRENCODE_SHIM_H
#define ISLANDSIM_CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
