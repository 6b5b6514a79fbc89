--redislock:pttl
--
-- Redlock's isLocked(): the key's PTTL, as a script so it runs in the same round.
--
-- @key   key       string                     the key

return redis.call('pttl', key)
