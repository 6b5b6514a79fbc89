/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 864d78d30235132b710eea17829bc8e7d5d8633e */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_RedisLock___construct, 0, 0, 0)
	ZEND_ARG_TYPE_MASK(0, connection, MAY_BE_STRING|MAY_BE_ARRAY|MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_lock, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, waitIntervalUs, IS_LONG, 0, "100000")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_lockShared, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_unlock, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_unlockAll, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_expire, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, expire, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLock_isLocking arginfo_class_RedisLock_unlock

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_addLock, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, shared, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, fenced, _IS_BOOL, 0, "true")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, watch, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_fenceLock, 0, 2, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, token, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLock_convertLock, 0, 3, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, token, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, shared, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_releaseLock, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, token, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_extendLock, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, token, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, expire, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_watchLock, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, token, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, maxHold, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_fencingToken, 0, 1, IS_LONG, 1)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_synchronized, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_ttl, 0, 1, IS_DOUBLE, 1)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLock_isLocked arginfo_class_RedisLock_unlock

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_lockMany, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, names, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLock_holdsLock arginfo_class_RedisLock_releaseLock

#define arginfo_class_RedisLock_forceUnlock arginfo_class_RedisLock_unlock

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_inspect, 0, 1, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_inspectMany, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, names, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLock_names, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, cursor, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "100")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore___construct arginfo_class_RedisLock___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisSemaphore_acquire, 0, 2, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, limit, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, permits, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore_release arginfo_class_RedisLock_releaseLock

#define arginfo_class_RedisSemaphore_extend arginfo_class_RedisLock_extendLock

#define arginfo_class_RedisSemaphore_holds arginfo_class_RedisLock_releaseLock

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisSemaphore_count, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisSemaphore_synchronized, 0, 3, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, limit, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expire, IS_DOUBLE, 0, "15")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisSemaphore_inspect arginfo_class_RedisLock_inspect

#define arginfo_class_RedisSemaphore_inspectMany arginfo_class_RedisLock_inspectMany

#define arginfo_class_RedisSemaphore_names arginfo_class_RedisLock_names

#define arginfo_class_RedisQueue___construct arginfo_class_RedisLock___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_enqueue, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG|MAY_BE_ARRAY, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "10")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, afterInterval, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, replace, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_MASK(0, payload, MAY_BE_STRING|MAY_BE_ARRAY|MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_submit, 0, 2, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, payload, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delay, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, priority, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, unique, IS_STRING, 0, "\'none\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, uniqueFor, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxWait, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, uniqueKey, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_pause, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, for, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisQueue_resume arginfo_class_RedisLock_unlock

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_dequeue, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO(0, score, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "10")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisQueue_pop, 0, 1, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_MASK(0, name, MAY_BE_STRING|MAY_BE_ARRAY, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "10")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, wait, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisQueue_top, 0, 1, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisQueue_reserve, 0, 1, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_MASK(0, name, MAY_BE_STRING|MAY_BE_ARRAY, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, visibility, IS_DOUBLE, 0, "30")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, wait, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxAttempts, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_ack, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, receipt, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, defer, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, failed, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_release, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delay, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, receipt, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_touch, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO(0, visibility, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, receipt, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_fail, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, receipt, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, payload, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_size, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_stats, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_MASK(0, names, MAY_BE_STRING|MAY_BE_ARRAY, NULL)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisQueue_history arginfo_class_RedisQueue_size

#define arginfo_class_RedisQueue_names arginfo_class_RedisLock_names

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_layout, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_remove, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, id, MAY_BE_STRING|MAY_BE_LONG, NULL)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisQueue_clear arginfo_class_RedisSemaphore_count

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_dead, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "100")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, payloadBytes, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_delayed, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "100")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisQueue_reserved arginfo_class_RedisQueue_delayed

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_retryDead, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, ids, MAY_BE_STRING|MAY_BE_LONG|MAY_BE_ARRAY|MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisQueue_purgeDead arginfo_class_RedisSemaphore_count

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisQueue_migrate, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, back, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisRateLimiter___construct arginfo_class_RedisLock___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisRateLimiter_consume, 0, 3, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, limit, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, interval, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, tokens, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, policy, IS_STRING, 0, "\'token_bucket\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, burst, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisRateLimiter_wait, 0, 3, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, limit, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, interval, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, tokens, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, policy, IS_STRING, 0, "\'token_bucket\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, burst, IS_LONG, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "10")
ZEND_END_ARG_INFO()

#define arginfo_class_RedisRateLimiter_peek arginfo_class_RedisRateLimiter_consume

#define arginfo_class_RedisRateLimiter_reset arginfo_class_RedisLock_unlock

#define arginfo_class_RedisRateLimiter_inspect arginfo_class_RedisLock_inspect

#define arginfo_class_RedisRateLimiter_names arginfo_class_RedisLock_names

#define arginfo_class_RedisLatch___construct arginfo_class_RedisLock___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLatch_set, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, count, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ttl, IS_DOUBLE, 0, "86400")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLatch_countDown, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, by, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_RedisLatch_count, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_RedisLatch_await, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, timeout, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_RedisLatch_inspect arginfo_class_RedisLock_inspect

#define arginfo_class_RedisLatch_names arginfo_class_RedisLock_names


ZEND_METHOD(RedisLock, __construct);
ZEND_METHOD(RedisLock, lock);
ZEND_METHOD(RedisLock, lockShared);
ZEND_METHOD(RedisLock, unlock);
ZEND_METHOD(RedisLock, unlockAll);
ZEND_METHOD(RedisLock, expire);
ZEND_METHOD(RedisLock, isLocking);
ZEND_METHOD(RedisLock, addLock);
ZEND_METHOD(RedisLock, fenceLock);
ZEND_METHOD(RedisLock, convertLock);
ZEND_METHOD(RedisLock, releaseLock);
ZEND_METHOD(RedisLock, extendLock);
ZEND_METHOD(RedisLock, watchLock);
ZEND_METHOD(RedisLock, fencingToken);
ZEND_METHOD(RedisLock, synchronized);
ZEND_METHOD(RedisLock, ttl);
ZEND_METHOD(RedisLock, isLocked);
ZEND_METHOD(RedisLock, lockMany);
ZEND_METHOD(RedisLock, holdsLock);
ZEND_METHOD(RedisLock, forceUnlock);
ZEND_METHOD(RedisLock, inspect);
ZEND_METHOD(RedisLock, inspectMany);
ZEND_METHOD(RedisLock, names);
ZEND_METHOD(RedisSemaphore, __construct);
ZEND_METHOD(RedisSemaphore, acquire);
ZEND_METHOD(RedisSemaphore, release);
ZEND_METHOD(RedisSemaphore, extend);
ZEND_METHOD(RedisSemaphore, holds);
ZEND_METHOD(RedisSemaphore, count);
ZEND_METHOD(RedisSemaphore, synchronized);
ZEND_METHOD(RedisSemaphore, inspect);
ZEND_METHOD(RedisSemaphore, inspectMany);
ZEND_METHOD(RedisSemaphore, names);
ZEND_METHOD(RedisQueue, __construct);
ZEND_METHOD(RedisQueue, enqueue);
ZEND_METHOD(RedisQueue, submit);
ZEND_METHOD(RedisQueue, pause);
ZEND_METHOD(RedisQueue, resume);
ZEND_METHOD(RedisQueue, dequeue);
ZEND_METHOD(RedisQueue, pop);
ZEND_METHOD(RedisQueue, top);
ZEND_METHOD(RedisQueue, reserve);
ZEND_METHOD(RedisQueue, ack);
ZEND_METHOD(RedisQueue, release);
ZEND_METHOD(RedisQueue, touch);
ZEND_METHOD(RedisQueue, fail);
ZEND_METHOD(RedisQueue, size);
ZEND_METHOD(RedisQueue, stats);
ZEND_METHOD(RedisQueue, history);
ZEND_METHOD(RedisQueue, names);
ZEND_METHOD(RedisQueue, layout);
ZEND_METHOD(RedisQueue, remove);
ZEND_METHOD(RedisQueue, clear);
ZEND_METHOD(RedisQueue, dead);
ZEND_METHOD(RedisQueue, delayed);
ZEND_METHOD(RedisQueue, reserved);
ZEND_METHOD(RedisQueue, retryDead);
ZEND_METHOD(RedisQueue, purgeDead);
ZEND_METHOD(RedisQueue, migrate);
ZEND_METHOD(RedisRateLimiter, __construct);
ZEND_METHOD(RedisRateLimiter, consume);
ZEND_METHOD(RedisRateLimiter, wait);
ZEND_METHOD(RedisRateLimiter, peek);
ZEND_METHOD(RedisRateLimiter, reset);
ZEND_METHOD(RedisRateLimiter, inspect);
ZEND_METHOD(RedisRateLimiter, names);
ZEND_METHOD(RedisLatch, __construct);
ZEND_METHOD(RedisLatch, set);
ZEND_METHOD(RedisLatch, countDown);
ZEND_METHOD(RedisLatch, count);
ZEND_METHOD(RedisLatch, await);
ZEND_METHOD(RedisLatch, inspect);
ZEND_METHOD(RedisLatch, names);


static const zend_function_entry class_RedisLockException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisLockConnectionException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisLockTimeoutException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisLockServerException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_RedisLock_methods[] = {
	ZEND_ME(RedisLock, __construct, arginfo_class_RedisLock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, lock, arginfo_class_RedisLock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, lockShared, arginfo_class_RedisLock_lockShared, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, unlock, arginfo_class_RedisLock_unlock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, unlockAll, arginfo_class_RedisLock_unlockAll, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, expire, arginfo_class_RedisLock_expire, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, isLocking, arginfo_class_RedisLock_isLocking, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, addLock, arginfo_class_RedisLock_addLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, fenceLock, arginfo_class_RedisLock_fenceLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, convertLock, arginfo_class_RedisLock_convertLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, releaseLock, arginfo_class_RedisLock_releaseLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, extendLock, arginfo_class_RedisLock_extendLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, watchLock, arginfo_class_RedisLock_watchLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, fencingToken, arginfo_class_RedisLock_fencingToken, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, synchronized, arginfo_class_RedisLock_synchronized, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, ttl, arginfo_class_RedisLock_ttl, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, isLocked, arginfo_class_RedisLock_isLocked, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, lockMany, arginfo_class_RedisLock_lockMany, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, holdsLock, arginfo_class_RedisLock_holdsLock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, forceUnlock, arginfo_class_RedisLock_forceUnlock, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, inspect, arginfo_class_RedisLock_inspect, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, inspectMany, arginfo_class_RedisLock_inspectMany, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLock, names, arginfo_class_RedisLock_names, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisSemaphore_methods[] = {
	ZEND_ME(RedisSemaphore, __construct, arginfo_class_RedisSemaphore___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, acquire, arginfo_class_RedisSemaphore_acquire, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, release, arginfo_class_RedisSemaphore_release, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, extend, arginfo_class_RedisSemaphore_extend, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, holds, arginfo_class_RedisSemaphore_holds, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, count, arginfo_class_RedisSemaphore_count, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, synchronized, arginfo_class_RedisSemaphore_synchronized, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, inspect, arginfo_class_RedisSemaphore_inspect, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, inspectMany, arginfo_class_RedisSemaphore_inspectMany, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisSemaphore, names, arginfo_class_RedisSemaphore_names, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisQueue_methods[] = {
	ZEND_ME(RedisQueue, __construct, arginfo_class_RedisQueue___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, enqueue, arginfo_class_RedisQueue_enqueue, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, submit, arginfo_class_RedisQueue_submit, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, pause, arginfo_class_RedisQueue_pause, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, resume, arginfo_class_RedisQueue_resume, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, dequeue, arginfo_class_RedisQueue_dequeue, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, pop, arginfo_class_RedisQueue_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, top, arginfo_class_RedisQueue_top, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, reserve, arginfo_class_RedisQueue_reserve, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, ack, arginfo_class_RedisQueue_ack, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, release, arginfo_class_RedisQueue_release, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, touch, arginfo_class_RedisQueue_touch, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, fail, arginfo_class_RedisQueue_fail, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, size, arginfo_class_RedisQueue_size, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, stats, arginfo_class_RedisQueue_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, history, arginfo_class_RedisQueue_history, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, names, arginfo_class_RedisQueue_names, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, layout, arginfo_class_RedisQueue_layout, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, remove, arginfo_class_RedisQueue_remove, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, clear, arginfo_class_RedisQueue_clear, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, dead, arginfo_class_RedisQueue_dead, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, delayed, arginfo_class_RedisQueue_delayed, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, reserved, arginfo_class_RedisQueue_reserved, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, retryDead, arginfo_class_RedisQueue_retryDead, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, purgeDead, arginfo_class_RedisQueue_purgeDead, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisQueue, migrate, arginfo_class_RedisQueue_migrate, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisRateLimiter_methods[] = {
	ZEND_ME(RedisRateLimiter, __construct, arginfo_class_RedisRateLimiter___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, consume, arginfo_class_RedisRateLimiter_consume, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, wait, arginfo_class_RedisRateLimiter_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, peek, arginfo_class_RedisRateLimiter_peek, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, reset, arginfo_class_RedisRateLimiter_reset, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, inspect, arginfo_class_RedisRateLimiter_inspect, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisRateLimiter, names, arginfo_class_RedisRateLimiter_names, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_RedisLatch_methods[] = {
	ZEND_ME(RedisLatch, __construct, arginfo_class_RedisLatch___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, set, arginfo_class_RedisLatch_set, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, countDown, arginfo_class_RedisLatch_countDown, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, count, arginfo_class_RedisLatch_count, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, await, arginfo_class_RedisLatch_await, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, inspect, arginfo_class_RedisLatch_inspect, ZEND_ACC_PUBLIC)
	ZEND_ME(RedisLatch, names, arginfo_class_RedisLatch_names, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_RedisLockException(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLockException", class_RedisLockException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);

	return class_entry;
}

static zend_class_entry *register_class_RedisLockConnectionException(zend_class_entry *class_entry_RedisLockException)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLockConnectionException", class_RedisLockConnectionException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisLockException);

	return class_entry;
}

static zend_class_entry *register_class_RedisLockTimeoutException(zend_class_entry *class_entry_RedisLockException)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLockTimeoutException", class_RedisLockTimeoutException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisLockException);

	return class_entry;
}

static zend_class_entry *register_class_RedisLockServerException(zend_class_entry *class_entry_RedisLockException)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLockServerException", class_RedisLockServerException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RedisLockException);

	return class_entry;
}

static zend_class_entry *register_class_RedisLock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLock", class_RedisLock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MAX_SECONDS_value;
	ZVAL_DOUBLE(&const_MAX_SECONDS_value, REDISLOCK_MAX_SECONDS);
	zend_string *const_MAX_SECONDS_name = zend_string_init_interned("MAX_SECONDS", sizeof("MAX_SECONDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_SECONDS_name, &const_MAX_SECONDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_SECONDS_name);

	zval const_MAX_INSPECT_MANY_value;
	ZVAL_LONG(&const_MAX_INSPECT_MANY_value, REDISLOCK_MAX_INSPECT_MANY);
	zend_string *const_MAX_INSPECT_MANY_name = zend_string_init_interned("MAX_INSPECT_MANY", sizeof("MAX_INSPECT_MANY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_INSPECT_MANY_name, &const_MAX_INSPECT_MANY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_INSPECT_MANY_name);

	zval const_WATCHDOG_MIN_LEASE_value;
	ZVAL_DOUBLE(&const_WATCHDOG_MIN_LEASE_value, REDISLOCK_WATCHDOG_MIN_LEASE);
	zend_string *const_WATCHDOG_MIN_LEASE_name = zend_string_init_interned("WATCHDOG_MIN_LEASE", sizeof("WATCHDOG_MIN_LEASE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_WATCHDOG_MIN_LEASE_name, &const_WATCHDOG_MIN_LEASE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_WATCHDOG_MIN_LEASE_name);

	zval const_WATCHDOG_MAX_LEASE_value;
	ZVAL_DOUBLE(&const_WATCHDOG_MAX_LEASE_value, REDISLOCK_WATCHDOG_MAX_LEASE);
	zend_string *const_WATCHDOG_MAX_LEASE_name = zend_string_init_interned("WATCHDOG_MAX_LEASE", sizeof("WATCHDOG_MAX_LEASE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_WATCHDOG_MAX_LEASE_name, &const_WATCHDOG_MAX_LEASE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_WATCHDOG_MAX_LEASE_name);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

static zend_class_entry *register_class_RedisSemaphore(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisSemaphore", class_RedisSemaphore_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MAX_LIMIT_value;
	ZVAL_LONG(&const_MAX_LIMIT_value, REDISLOCK_SEMAPHORE_MAX_LIMIT);
	zend_string *const_MAX_LIMIT_name = zend_string_init_interned("MAX_LIMIT", sizeof("MAX_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_LIMIT_name, &const_MAX_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_LIMIT_name);

	zval const_MAX_SECONDS_value;
	ZVAL_DOUBLE(&const_MAX_SECONDS_value, REDISLOCK_MAX_SECONDS);
	zend_string *const_MAX_SECONDS_name = zend_string_init_interned("MAX_SECONDS", sizeof("MAX_SECONDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_SECONDS_name, &const_MAX_SECONDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_SECONDS_name);

	zval const_MAX_INSPECT_MANY_value;
	ZVAL_LONG(&const_MAX_INSPECT_MANY_value, REDISLOCK_MAX_INSPECT_MANY);
	zend_string *const_MAX_INSPECT_MANY_name = zend_string_init_interned("MAX_INSPECT_MANY", sizeof("MAX_INSPECT_MANY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_INSPECT_MANY_name, &const_MAX_INSPECT_MANY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_INSPECT_MANY_name);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

static zend_class_entry *register_class_RedisQueue(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisQueue", class_RedisQueue_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MAX_PAYLOAD_BYTES_value;
	ZVAL_LONG(&const_MAX_PAYLOAD_BYTES_value, REDISLOCK_MAX_PAYLOAD);
	zend_string *const_MAX_PAYLOAD_BYTES_name = zend_string_init_interned("MAX_PAYLOAD_BYTES", sizeof("MAX_PAYLOAD_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_PAYLOAD_BYTES_name, &const_MAX_PAYLOAD_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_PAYLOAD_BYTES_name);

	zval const_MAX_BATCH_BYTES_value;
	ZVAL_LONG(&const_MAX_BATCH_BYTES_value, REDISLOCK_MAX_PAYLOADS);
	zend_string *const_MAX_BATCH_BYTES_name = zend_string_init_interned("MAX_BATCH_BYTES", sizeof("MAX_BATCH_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_BATCH_BYTES_name, &const_MAX_BATCH_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_BATCH_BYTES_name);

	zval const_MAX_DELAY_value;
	ZVAL_DOUBLE(&const_MAX_DELAY_value, REDISLOCK_MAX_SECONDS);
	zend_string *const_MAX_DELAY_name = zend_string_init_interned("MAX_DELAY", sizeof("MAX_DELAY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_DELAY_name, &const_MAX_DELAY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_DELAY_name);

	zval const_MAX_STATS_value;
	ZVAL_LONG(&const_MAX_STATS_value, REDISLOCK_MAX_STATS);
	zend_string *const_MAX_STATS_name = zend_string_init_interned("MAX_STATS", sizeof("MAX_STATS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_STATS_name, &const_MAX_STATS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_STATS_name);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

static zend_class_entry *register_class_RedisRateLimiter(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisRateLimiter", class_RedisRateLimiter_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MAX_LIMIT_value;
	ZVAL_LONG(&const_MAX_LIMIT_value, REDISLOCK_LIMITER_MAX_COUNT);
	zend_string *const_MAX_LIMIT_name = zend_string_init_interned("MAX_LIMIT", sizeof("MAX_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_LIMIT_name, &const_MAX_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_LIMIT_name);

	zval const_MAX_WINDOW_LIMIT_value;
	ZVAL_LONG(&const_MAX_WINDOW_LIMIT_value, REDISLOCK_LIMITER_MAX_WINDOW_LIMIT);
	zend_string *const_MAX_WINDOW_LIMIT_name = zend_string_init_interned("MAX_WINDOW_LIMIT", sizeof("MAX_WINDOW_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_WINDOW_LIMIT_name, &const_MAX_WINDOW_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_WINDOW_LIMIT_name);

	zval const_MAX_INTERVAL_value;
	ZVAL_DOUBLE(&const_MAX_INTERVAL_value, REDISLOCK_LIMITER_MAX_INTERVAL);
	zend_string *const_MAX_INTERVAL_name = zend_string_init_interned("MAX_INTERVAL", sizeof("MAX_INTERVAL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_INTERVAL_name, &const_MAX_INTERVAL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_INTERVAL_name);

	zval const_MAX_REFILL_value;
	ZVAL_DOUBLE(&const_MAX_REFILL_value, REDISLOCK_LIMITER_MAX_REFILL);
	zend_string *const_MAX_REFILL_name = zend_string_init_interned("MAX_REFILL", sizeof("MAX_REFILL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_REFILL_name, &const_MAX_REFILL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_REFILL_name);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

static zend_class_entry *register_class_RedisLatch(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "RedisLatch", class_RedisLatch_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MAX_COUNT_value;
	ZVAL_LONG(&const_MAX_COUNT_value, REDISLOCK_LATCH_MAX_COUNT);
	zend_string *const_MAX_COUNT_name = zend_string_init_interned("MAX_COUNT", sizeof("MAX_COUNT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_COUNT_name, &const_MAX_COUNT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_COUNT_name);


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}
