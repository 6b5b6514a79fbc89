/* The renewal core: what every object whose holds the watchdog renews keeps on
 * its side of the watchdog, the same for a lock's and a semaphore's holds
 * (redislock_holder) and a queue's reservations (RedisQueue's heartbeat).
 *
 * - redislock_renewal: where the watchdog renews (the target, made from the
 *   object's connection on first use, one for all its entries) and the fork
 *   generation its entries belong to. A forked child renews nothing of its
 *   parent's, and never stops any of it either (its watchdog table is empty).
 * - redislock_renewal_table: the object's watchdog entries by a key of its
 *   choosing (a lock's name, a semaphore's token, a reservation's queue and id),
 *   each with an optional tag (the receipt a reservation's renewal carries), so
 *   that a call about an older tag leaves the current entry alone. */
#ifndef REDISLOCK_RENEWAL_H
#define REDISLOCK_RENEWAL_H

#include "php.h"
#include "redislock_argv.h"
#include "redislock_conn.h"
#include "redislock_util.h"
#include "redislock_watchdog.h"

typedef struct _redislock_renewal {
	redislock_wd_target *target; /* where the watchdog renews, made on first use */
	redislock_generation generation; /* the fork generation (redislock_fork_generation) of the entries */
} redislock_renewal;

typedef struct _redislock_renewal_table {
	HashTable entries;           /* key => its watchdog entry id and tag */
	uint32_t prune_at;           /* redislock_renewal_table_prune_some() prunes at this count */
} redislock_renewal_table;

/* No target yet; the entries belong to this process. */
void redislock_renewal_init(redislock_renewal *r);
/* Drops the reference to the target (the object's end). */
void redislock_renewal_destroy(redislock_renewal *r);
/* True once in a forked child: the entries of the object's tables are then the
 * parent's, to forget (redislock_renewal_table_forget()), never to stop. */
bool redislock_renewal_forked(redislock_renewal *r);
/* The target, made from conn's settings on first use: NULL when it cannot be
 * (no memory), and then nothing is renewed. */
redislock_wd_target *redislock_renewal_target(redislock_renewal *r, const redislock_conn *conn);
/* Starts renewing with the command in a (see redislock_wd_add()) at the target
 * made before: the entry id, or 0. */
uint64_t redislock_renewal_add(const redislock_renewal *r, const redislock_argv *a, const char *body, int life_arg,
	double lease, double max_hold, double since);

/* The same, for a command that keeps the hold's bound on the server
 * (redislock_wd_add_ex() with server_bound; first_arg its life_arg). */
uint64_t redislock_renewal_add_bounded(const redislock_renewal *r, const redislock_argv *a, const char *body, int first_arg,
	double lease, double max_hold, double since);

void redislock_renewal_table_init(redislock_renewal_table *t);
/* Stops every entry, then frees the table. */
void redislock_renewal_table_destroy(redislock_renewal_table *t);
/* Records id under key with tag (may be NULL), stopping the entry it replaces. */
void redislock_renewal_table_put(redislock_renewal_table *t, const zend_string *key, uint64_t id, const zend_string *tag);
/* Stops the entry of key; with only_tag, only when it carries that tag. Whether
 * one was stopped. */
bool redislock_renewal_table_stop(redislock_renewal_table *t, const zend_string *key, const zend_string *only_tag);
/* Stops the entry of key once a renewal under way is over (nothing it sends lands
 * after the caller's next command): the seconds that were left until its
 * max_hold while it was renewing, else -1 (none, or no longer renewed). */
double redislock_renewal_table_stop_wait(redislock_renewal_table *t, const zend_string *key);
/* Stops every entry. */
void redislock_renewal_table_stop_all(redislock_renewal_table *t);
/* Stops and drops the entries no longer renewed (lost, or past max_hold): a
 * long-lived object does not collect them. */
void redislock_renewal_table_prune(redislock_renewal_table *t);
/* The same, once the table has doubled since it last did (64 entries at
 * least): a constant cost per entry added, however many there are. */
void redislock_renewal_table_prune_some(redislock_renewal_table *t);
/* Drops every entry without stopping it: a forked child's copy of its parent's. */
void redislock_renewal_table_forget(redislock_renewal_table *t);
/* What the last renewal of key's entry found (REDISLOCK_WD_UNKNOWN: no entry). */
redislock_wd_state redislock_renewal_table_state(const redislock_renewal_table *t, const zend_string *key);
uint32_t redislock_renewal_table_count(const redislock_renewal_table *t);

#endif
