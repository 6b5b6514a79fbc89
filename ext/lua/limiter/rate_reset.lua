--redislock:rate_reset
--
-- Forgets a limiter's state, its waiters' places included: 1 when it had any.
--
-- @key   key       string                     L, the limiter's hash (prefix + name)

return redis.call('unlink', key)
