/* The listing of the names a class keeps under its prefix, for operators: SCAN,
 * bounded per call, walking every master of a cluster with a cursor of its own. */
#ifndef REDISLOCK_NAMES_H
#define REDISLOCK_NAMES_H

#include "redislock_conn.h"

/* The siblings that say a name is in use: a NULL-terminated list of key suffixes
 * (as redislock_sibling_key() appends them), besides the main key itself. */
extern const char *const redislock_lock_siblings[];
extern const char *const redislock_semaphore_siblings[];
extern const char *const redislock_queue_siblings[];

/* names(?string $cursor = null, int $count = 100) of a class, its arguments
 * already parsed: ['names' => list<string>, 'cursor' => ?string] in return_value,
 * or false after recording the failure in the connection's status (an argument
 * error is thrown at once, by the argument's number). */
bool redislock_names_list(redislock_conn *c, const zend_string *prefix, const char *const *siblings,
	zend_string *cursor, zend_long count, zval *return_value);

#endif
