/*
 * system_shell.h -- under an experiment the environment selected, the shell
 * that system() starts is not itself measured: it leaves the `s` marker
 * (identity.h) in place for the command it runs, as an uninstrumented
 * shell does for the ideal experiment.  The system() wrapper marks the
 * environment around the call; the runtime's constructor asks whether
 * this image is that shell.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SYSTEM_SHELL_H
#define SSRT_SYSTEM_SHELL_H

/* Around system(): sets (on) or removes the marker, when an experiment the
 * environment selected runs. */
void ssrt_mark_system_shell(int on);
/* Whether this image is the shell of a marked system() (and removes the
 * marker either way: the command the shell runs is not the shell). */
int ssrt_is_system_shell(void);

#endif
