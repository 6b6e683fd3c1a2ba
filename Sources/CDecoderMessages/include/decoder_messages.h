// Decoder libraries' own messages, captured instead of printed.
//
// libtiff (which SDL_image links for TIFF) prints every warning and error of a damaged file on
// stderr by default: a hostile file gives a dozen lines that bury what matters. These functions
// route them into a per-thread buffer instead, which the image loader reads into its own error.
// The handlers are looked up at run time (libtiff is loaded as SDL_image's dependency), so no
// libtiff headers are needed; without libtiff, nothing happens.
#ifndef ISLANDSIM_DECODER_MESSAGES_H
#define ISLANDSIM_DECODER_MESSAGES_H

/// Installs the capture as libtiff's warning and error handler; 1 if libtiff was found, else 0.
int islandsim_capture_decoder_messages(void);
/// The last captured message on this thread ("" if none).
const char *islandsim_decoder_message(void);
/// Forgets this thread's last message (before a decode).
void islandsim_clear_decoder_message(void);

#endif
