/* The exception hierarchy, and the one place a failure recorded as data below
 * becomes a PHP exception. */
#ifndef REDISLOCK_EXCEPTIONS_H
#define REDISLOCK_EXCEPTIONS_H

#include "php.h"
#include "redislock_util.h"

extern zend_class_entry *redislock_ce_exception;
extern zend_class_entry *redislock_ce_connection_exception;
extern zend_class_entry *redislock_ce_timeout_exception;
extern zend_class_entry *redislock_ce_server_exception;

/* What an operation of the class layer answers: yes (taken, held, done), no (busy,
 * not held), or failed. A failure is recorded as data where it happened (the
 * status of a connection or of a redlock) and nothing is thrown below the method:
 * the method throws it, once, where the call began. */
typedef enum {
	REDISLOCK_FAILED = -1,
	REDISLOCK_NO = 0,
	REDISLOCK_YES = 1,
} redislock_outcome;

void redislock_throw(zend_class_entry *ce, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

/* Throws a status as the exception class of its kind: a timeout as
 * RedisLockTimeoutException, a refusal as RedisLockServerException, a call that
 * began inside another as LogicException, the rest as RedisLockConnectionException. */
void redislock_throw_status(const redislock_status *st);

#endif
