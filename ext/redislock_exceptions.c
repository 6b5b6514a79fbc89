/* The exception hierarchy: one base class that callers catch, and one subclass per
 * kind of failure, so a caller can retry on a timeout but not on a bad password.
 * The classes themselves are declared in redislock.stub.php and registered by the
 * module; this file raises them. */
#include "redislock_exceptions.h"
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"

zend_class_entry *redislock_ce_exception;
zend_class_entry *redislock_ce_connection_exception;
zend_class_entry *redislock_ce_timeout_exception;
zend_class_entry *redislock_ce_server_exception;

void redislock_throw(zend_class_entry *ce, const char *format, ...)
{
	va_list args;
	char *message;

	va_start(args, format);
	zend_vspprintf(&message, 0, format, args);
	va_end(args);
	zend_throw_exception(ce, message, 0);
	efree(message);
}

void redislock_throw_status(const redislock_status *st)
{
	zend_class_entry *ce;
	if (EG(exception)) {
		/* A signal handler that ran during a wait threw: that exception is the
		 * one the caller sees, as if it had been thrown between two statements. */
		return;
	}
	switch (st->kind) {
		case REDISLOCK_ERR_TIMEOUT:
			ce = redislock_ce_timeout_exception;
			break;
		case REDISLOCK_ERR_SERVER:
			ce = redislock_ce_server_exception;
			break;
		case REDISLOCK_ERR_REENTRY:
			ce = spl_ce_LogicException;
			break;
		default:
			ce = redislock_ce_connection_exception;
			break;
	}
	zend_throw_exception(ce, st->message[0] ? st->message : "unknown error", 0);
}
