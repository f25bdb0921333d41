/*
 * signals.h -- fatal signals: write the file, then die of the same signal.
 *
 * Handlers go only on signals whose default action ends the process and
 * whose disposition is still SIG_DFL when the runtime starts, so a handler
 * the program installed wins, and one it installs later replaces ours.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SIGNALS_H
#define SSRT_SIGNALS_H

void ssrt_install_signal_handlers(void);

#endif
