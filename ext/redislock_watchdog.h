/* The watchdog: threads of the extension's own that renew the holds of objects
 * created with the watchdog option, every lease / 3, to a lifetime of lease,
 * until they are released, their max_hold has passed, or a renewal finds them
 * gone (then they are lost). One thread at first; more start while renewals
 * hang on a slow server, so that the holds on other servers (or of other
 * objects) are still renewed in time.
 *
 * No Zend API: the threads never call into the engine, never allocate with
 * emalloc and never touch a PHP value. The PHP side (any of a thread-safe PHP's
 * threads) hands them work through one table behind one mutex: it adds an entry
 * (a prebuilt renewal command and where to send it), reads its state, and
 * removes it, each in O(log n) of the entries. The due renewals of one target
 * go in one round trip, pipelined. */
#ifndef REDISLOCK_WATCHDOG_H
#define REDISLOCK_WATCHDOG_H

#include "redislock_link.h"

/* Where renewals go: the same server settings the object's connection has, as C
 * strings the watchdog owns. A target is shared by every entry of one object. */
typedef struct _redislock_wd_target redislock_wd_target;

typedef enum {
	REDISLOCK_WD_SINGLE,    /* host:port or a unix socket */
	REDISLOCK_WD_SENTINEL,  /* the master the sentinels name, asked again after a failure */
	REDISLOCK_WD_CLUSTER    /* any node, following MOVED and ASK */
} redislock_wd_mode;

/* The settings of a target; every string is copied (NULL: unset). */
typedef struct _redislock_wd_settings {
	redislock_wd_mode mode;
	const char *host;          /* single: the server; cluster: a first node */
	long port;
	const char *socket_path;   /* single only */
	const char *const *sentinels; /* sentinel: "host:port" of each */
	uint32_t sentinel_count;
	const char *service;
	bool tls;
	redislock_tls_settings tls_settings;
	const char *user;
	const char *password;
	long long database;
	double connect_timeout;
	double read_timeout;
} redislock_wd_settings;

/* What a renewal answered last. */
typedef enum {
	REDISLOCK_WD_RENEWING = 0, /* held, renewed in time so far */
	REDISLOCK_WD_LOST,         /* a renewal found it gone, or none succeeded within the lease */
	REDISLOCK_WD_EXPIRED,      /* max_hold passed: no longer renewed, lapsed or lapsing by itself */
	REDISLOCK_WD_UNKNOWN       /* no such entry (removed, or another process's) */
} redislock_wd_state;

/* A new target, or NULL when memory runs out. */
redislock_wd_target *redislock_wd_target_new(const redislock_wd_settings *s);
/* Drops the caller's reference; the target goes with its last entry. */
void redislock_wd_target_release(redislock_wd_target *t);

/* Starts renewing: argv is the complete renewal command (EVALSHA <sha> ...), which
 * answers 1 while the hold is ours and 0 once it is not; body is the script for
 * the EVAL retry after NOSCRIPT. since (redislock_now()) is when the command that
 * gave the hold its first lease was sent: the server counts that lease from later,
 * so counting from since never believes it longer than it is (a caller descheduled
 * between that reply and this call loses nothing). Renewals come every lease / 3
 * seconds from since, until max_hold seconds from since. life_arg is the index in
 * argv of the lifetime the renewal gives, in milliseconds (0: none): a renewal
 * that would carry the hold past max_hold gives it only what is left, so the hold
 * lapses at max_hold, never a lease later. Starts the threads on first use.
 * Returns the entry's id, or 0 when the entry or a thread could not be made. */
uint64_t redislock_wd_add(redislock_wd_target *t, int argc, const char *const *argv, const size_t *lens,
	const char *body, int life_arg, double lease, double max_hold, double since);
/* As redislock_wd_add(); with server_bound, the server keeps the bound (another
 * process may move it or end it): the renewal answers the lifetime it gave in ms
 * (> 0), 0 once the hold is not ours, or -1 once the bound has passed or the
 * watch was ended (the entry is then EXPIRED). max_hold is then only what the
 * bound was when the watch began (what redislock_wd_remove_wait() counts from),
 * and argv[life_arg] (0: none) is the bound the first renewal sets when the
 * server has none: what is left until max_hold is sent in its place then, and
 * the argument as it is afterwards. */
uint64_t redislock_wd_add_ex(redislock_wd_target *t, int argc, const char *const *argv, const size_t *lens,
	const char *body, int life_arg, double lease, double max_hold, double since, bool server_bound);
/* Stops renewing (the hold is released, converted or given up). */
void redislock_wd_remove(uint64_t id);
/* Stops renewing, after waiting for a renewal under way to be over, so that
 * nothing the watchdog sends lands after the caller's next command. Returns the
 * seconds that were left until max_hold while it was renewing (else -1). */
double redislock_wd_remove_wait(uint64_t id);
redislock_wd_state redislock_wd_state_of(uint64_t id);

/* For phpinfo: whether the thread runs, and how many holds it renews. */
bool redislock_wd_running(void);
uint32_t redislock_wd_count(void);

/* Module startup (the fork handlers) and shutdown (stops and joins the thread). */
bool redislock_wd_startup(void);
void redislock_wd_shutdown(void);

#endif
