/* ldlatency_env.h -- what ssrun tells the runtime for the ldlatency
 * experiment (docs/ldlatency.md), and the variables users set. */
#ifndef SS_COMMON_LDLATENCY_ENV_H
#define SS_COMMON_LDLATENCY_ENV_H

/* The event, in $_SPEEDSHOP_HWC_EVENT's form (hwc_events.h): "type,config,
 * config1,config2,sample period,exclude kernel,name". */
#define SS_ENV_LDLATENCY_EVENT "_SPEEDSHOP_LDLATENCY_EVENT"
/* perf_event_attr.precise_ip for it (PEBS: 2; IBS and the stand-in: 0). */
#define SS_ENV_LDLATENCY_PRECISE "_SPEEDSHOP_LDLATENCY_PRECISE"
/* The run's latency bins, one "MIN MAX REP NAME" line each (ssrun -bins),
 * kept in the file's TRACE_NAMES; absent without -bins. */
#define SS_ENV_LDLATENCY_BINS "_SPEEDSHOP_LDLATENCY_BINS"
/* The user's: sample every Nth load (PEBS: of those over the threshold;
 * IBS: every Nth op, rounded up to a multiple of 16). */
#define SS_ENV_LDLATENCY_PERIOD "_SPEEDSHOP_LDLATENCY_PERIOD"
#define SS_LDLATENCY_DEFAULT_PERIOD 1009
/* Tests only: "page-faults" samples the software event page-faults (period
 * 1, the same sample fields) in place of the CPU's, on machines without a
 * PMU; it bypasses only ssrun's CPU check. */
#define SS_ENV_LDLATENCY_STANDIN "_SSRT_LDLATENCY_STANDIN"

#endif
