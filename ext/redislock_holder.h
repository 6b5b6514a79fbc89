/* What RedisLock and RedisSemaphore share: an object that holds things on Redis
 * under random tokens. Each embeds one redislock_holder, which starts with the
 * object base (its connection and prefix: redislock_object.h) and keeps the holds
 * it believes it has, the acquisitions whose reply was lost
 * (orphans, cleaned by their random part before the next call), the watchdog's
 * entries that renew its holds, and the fork generation they belong to. The
 * helpers here do the bookkeeping, the fork reset, the release of everything at
 * the object's end or the request's, and the pieces of the object handlers and
 * the constructor that are alike; each class keeps its keys, its scripts and its
 * protocol, reached through redislock_holder_ops. */
#ifndef REDISLOCK_HOLDER_H
#define REDISLOCK_HOLDER_H

#include "php.h"
#include "redislock_argv.h"
#include "redislock_config.h"
#include "redislock_conn.h"
#include "redislock_exceptions.h"
#include "redislock_object.h"
#include "redislock_renewal.h"
#include "redislock_runner.h"

typedef struct _redislock_holder redislock_holder;

typedef struct _redislock_holder_ops {
	/* Releases n holds in one round trip: names[i] while it holds tokens[i] (with
	 * suffix: while it holds a token of that random part). released[i] tells which
	 * were still ours. FAILURE is recorded for throw_failure(), not thrown. */
	zend_result (*release)(redislock_holder *h, zend_string **names, zend_string **tokens, uint32_t n, bool suffix,
		bool *released);
	/* Hands the hold of name under token to the watchdog (see
	 * redislock_holder_wd_add()), renewed for max_hold seconds at most: its entry
	 * id, or 0. */
	uint64_t (*watch)(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold);
	/* The same for a token hold of watchLock(), whose bound the server keeps
	 * (redislock_holder_wd_add_bounded()); NULL: watch() serves. */
	uint64_t (*watch_token)(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold);
	/* free_obj, after the release and before the connection is closed: what the
	 * class keeps besides (may be NULL). */
	void (*close)(redislock_holder *h);
} redislock_holder_ops;

struct _redislock_holder {
	REDISLOCK_OBJECT_BASE;       /* first: the object's base is the holder's */
	const redislock_holder_ops *ops;
	/* Which way the tables map. A lock has one hold per name: its tables are keyed
	 * by name. A semaphore has any number of acquisitions per name: its tables
	 * are keyed by token (held) and by random part (orphans). */
	bool by_name;
	union {                      /* every hold of the object */
		HashTable held;          /* as the helpers see it: key => value */
		HashTable name_to_token; /* RedisLock */
		HashTable token_to_name; /* RedisSemaphore */
	};
	union {                      /* acquisitions whose reply was lost, by random part */
		HashTable orphans;
		HashTable name_to_hex;   /* RedisLock */
		HashTable hex_to_name;   /* RedisSemaphore */
	};
	redislock_renewal_table watch;       /* key of held => the watchdog entry of each hold it renews */
	redislock_renewal_table token_watch; /* the holds given to watchLock(), not the object's own:
	                                      * watch_key() => their watchdog entries */
	redislock_renewal renewal;   /* where the watchdog renews, and the fork generation whose
	                              * holds, orphans and watches these are */
};

/* ---- the object ------------------------------------------------------------------ */

/* The object handlers of a class whose object struct starts with its
 * redislock_holder, its zend_object at offset: the base's
 * (redislock_object_startup()), create_object calling redislock_holder_create(),
 * and dtor_obj and free_obj that release and free. */
void redislock_holder_startup(zend_class_entry *ce, zend_object_handlers *handlers, size_t offset,
	zend_object *(*create)(zend_class_entry *ce), HashTable *(*debug_info)(zend_object *obj, int *is_temp));
zend_object *redislock_holder_create(zend_class_entry *ce, size_t size, const zend_object_handlers *handlers,
	const redislock_holder_ops *ops, bool by_name);

/* The start of every method: false after throwing when the constructor was not
 * called; forgets the holds of the parent in a forked child. */
bool redislock_holder_ready(redislock_holder *h, zval *this_ptr);
/* The end of the constructor, once redislock_object_parse() gave cfg: the
 * object's start (redislock_object_start()), and the release at request
 * shutdown. */
void redislock_holder_start(redislock_holder *h, redislock_config *cfg, const char *default_prefix);
/* get_debug_info: an array with the configuration, the prefix and auto_release;
 * false when the constructor was not called (the array is then empty). */
bool redislock_holder_debug_info(const redislock_holder *h, zval *info);
/* A token argument: not empty. False after throwing. */
bool redislock_holder_check_token(const zend_string *token, uint32_t arg_num);

/* ---- holds ----------------------------------------------------------------------- */

/* In a forked child, the holds and orphans are the parent's: forgets them. */
void redislock_holder_forget_parent(redislock_holder *h);
/* The lifetime of an acquisition: $expire, or with the watchdog its lease. */
zend_long redislock_holder_ms(const redislock_holder *h, double expire);
/* The random part of a token: what follows its colon, if it has one. */
zend_string *redislock_holder_token_hex(const zend_string *token);
/* A new random part of a token: 32 hex digits from the CSPRNG, then, unless the
 * holder option is "", "@" and the label inspect() names the holder by (the
 * option, else "<host name>:<pid>" of the calling process), every byte of it but
 * [0-9A-Za-z._-] written "%XX": no ':', '|' nor '@' ever follows the digits, so a
 * token keeps the grammar every release parses ("[<fence>:]<random>[|<deadline>]")
 * and a release that knows no label takes the whole as an opaque random part.
 * NULL when the CSPRNG failed (it threw). */
zend_string *redislock_holder_new_random(const redislock_holder *h);
/* Records the hold of name under token, and hands it to the watchdog when there
 * is one. */
void redislock_holder_hold(redislock_holder *h, const zend_string *name, const zend_string *token);
/* Forgets a hold by its key in held (the name of a lock, the token of a semaphore). */
void redislock_holder_forget(redislock_holder *h, const zend_string *key);
/* Forgets every hold. */
void redislock_holder_clear(redislock_holder *h);
/* Whether the watchdog found the hold under key gone (or could not renew it in
 * time): then it is not ours, whatever the object remembers. */
bool redislock_holder_lost(const redislock_holder *h, const zend_string *key);
/* Registers a renewal: the command in a, the script's body for NOSCRIPT, with the
 * configured lease, for max_hold seconds at most; the renewal's lifetime (ms) is
 * a's argument life_arg, shortened for the last renewals so that the hold ends
 * at max_hold. The entry id, or 0. For redislock_holder_ops.watch. */
uint64_t redislock_holder_wd_add(redislock_holder *h, const redislock_argv *a, const char *body, int life_arg,
	double max_hold);
/* The same for a command that keeps the hold's bound on the server (another
 * process may move or end it), whose argument first_arg is the bound the first
 * renewal sets when the server has none: see redislock_wd_add_ex(). For
 * redislock_holder_ops.watch_token. */
uint64_t redislock_holder_wd_add_bounded(redislock_holder *h, const redislock_argv *a, const char *body, int first_arg,
	double max_hold);
/* watchLock(): the watchdog renews the hold of name under token (not one of the
 * object's own) for max_hold seconds at most, replacing any earlier watch of
 * that hold (the same random part). False when no watchdog entry could be made. */
bool redislock_holder_watch_token(redislock_holder *h, const zend_string *name, const zend_string *token, double max_hold);
/* Ends the watch of watchLock() on the hold of name under token, if any, once a
 * renewal under way is over: the caller's next command sets the hold's lifetime.
 * Returns the seconds that were left of its max_hold (-1: not watched, or no
 * longer renewed). */
double redislock_holder_unwatch_token(redislock_holder *h, const zend_string *name, const zend_string *token);

/* The wake-up list a waiter of random part hex blocks on for key: the sibling
 * "<base>:w:" of key, then "w:<hex>" (see siblings() in ext/lua/common/lock_keys.lua). */
zend_string *redislock_holder_wake_key(const zend_string *key, const zend_string *hex);

/* ---- orphans and releases ------------------------------------------------------ */

/* Remembers an acquisition of name whose reply was lost, by its random part hex. */
void redislock_holder_orphan(redislock_holder *h, const zend_string *name, const zend_string *hex);
/* A call that may have taken name for hex but whose reply was lost: once the
 * command was sent, hex is an orphan to clean. The failure stays recorded for the
 * method to throw. */
void redislock_holder_lost_reply(redislock_holder *h, const zend_string *name, const zend_string *hex);
/* The same for a full token whose release was lost. */
void redislock_holder_orphan_token(redislock_holder *h, const zend_string *name, const zend_string *token);
/* Cleans the orphans before a call: FAILURE is recorded, not thrown. */
zend_result redislock_holder_prepare(redislock_holder *h);
/* names(?string $cursor = null, int $count = 100) of either class, for the method
 * to call once its object is ready: the listing of redislock_names_list() with the
 * class's siblings, in return_value, or thrown. */
void redislock_holder_names(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, const char *const *siblings);
/* What a method (string $name, string $token): bool does to a hold, by class:
 * REDISLOCK_YES, REDISLOCK_NO, or REDISLOCK_FAILED with the failure recorded. */
typedef redislock_outcome (*redislock_token_op)(redislock_holder *h, zend_string *name, zend_string *token);
/* The whole of such a method of either class: the arguments parsed and checked,
 * the object ready and its orphans cleaned, op run, true or false returned, a
 * failure thrown. */
void redislock_holder_token_method(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, redislock_token_op op);
/* What a method (string $name) reads of a name, by class, into out: SUCCESS, or
 * FAILURE with the failure recorded. */
typedef zend_result (*redislock_name_read)(redislock_holder *h, zend_string *name, zval *out);
/* The whole of such a method of either class: the argument parsed and checked,
 * the object ready and its orphans cleaned, read run into return_value, a failure
 * thrown. */
void redislock_holder_name_method(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, redislock_name_read read);
/* What inspect() and inspectMany() of a class read: its read-only script, the
 * arguments for one name (the argv keeps its own references: nothing the builder
 * made needs to outlive it), and the answer as the method returns it (false when
 * it is not of that shape). */
typedef struct _redislock_inspect_ops {
	const redislock_script *script;
	void (*args)(redislock_holder *h, const zend_string *name, redislock_argv *a);
	bool (*convert)(const redisReply *reply, zval *out);
} redislock_inspect_ops;
/* The most names one inspectMany() reads: its scripts go in one round trip. */
#define REDISLOCK_MAX_INSPECT_MANY 1000
/* The labels of an inspect script's answer (common/held_by.lua), an array of
 * strings, as the list of 'held_by' added to out; false when it is not of that
 * shape (out is then left as it was). */
bool redislock_holder_held_by(const redisReply *labels, zval *out);
/* inspect() of either class: runs the read-only script for name, and puts null
 * (its nil: nobody holds, nobody waits) or the converted answer in out. FAILURE
 * is recorded, not thrown (an answer convert() refuses too, as an unexpected
 * reply). */
zend_result redislock_holder_inspect_one(redislock_holder *h, const redislock_inspect_ops *ops, zend_string *name, zval *out);
/* The whole of inspectMany(array $names) of either class, its object ready: up to
 * REDISLOCK_MAX_INSPECT_MANY names read in one round trip (one by one on a
 * cluster or behind Sentinel), name => null, the answer, or ['error' => the
 * server's refusal] for that name alone; a failure of the connection thrown. */
void redislock_holder_inspect_many(INTERNAL_FUNCTION_PARAMETERS, redislock_holder *h, const redislock_inspect_ops *ops);
/* Releases everything the object holds, in one round trip. FAILURE is recorded,
 * not thrown: unlockAll() throws it; the destructor and request shutdown leave
 * it, as the lifetimes still bound the holds. *all_released: whether every hold
 * was still ours. */
zend_result redislock_holder_release_all(redislock_holder *h, bool *all_released);
/* dtor_obj, free_obj and request shutdown: releases everything when auto_release
 * is on, else cleans the orphans only, and forgets every hold. */
void redislock_holder_auto_release(redislock_holder *h);
/* Runs script once per argv in sets, in one round trip: ok[i] is whether its
 * integer answer was at least min. An error reply is recorded like a lost one
 * ("<what> script on <server> failed: ..."): FAILURE, recorded, not thrown. */
zend_result redislock_holder_call_each(redislock_holder *h, const redislock_script *script, redislock_argv *sets, uint32_t n,
	const char *what, long long min, bool *ok);

#endif
