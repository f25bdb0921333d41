/*
 * ss/caliper.h -- caliper points: mark moments of a run so that a report
 * can be limited to what happened between two of them (ssprof -calipers,
 * as SpeedShop's prof -calipers).
 *
 *   #include <ss/caliper.h>
 *   ss_caliper_point("setup done");
 *
 * Each call records the time and a copy of the label (up to 119 bytes) as
 * the next caliper point: point 0 is the start of the process, the program's
 * own points are numbered 1, 2, ... in the order they were recorded, and the
 * last point is the end (exit, fatal signal or exec).  Samples of the
 * sampling experiments carry the number of points recorded before them.
 *
 * Safe to call from any thread and from signal handlers.  It does nothing
 * when no experiment is running.  The function lives in libssrt: sscc
 * links it whenever a program calls it; with another compiler link with
 * -lssrt (from the lib/ directory next to ssrun's bin/).
 */
#ifndef SS_CALIPER_H
#define SS_CALIPER_H

#ifdef __cplusplus
extern "C" {
#endif

void ss_caliper_point(const char *label);

#ifdef __cplusplus
}
#endif

#endif /* SS_CALIPER_H */
