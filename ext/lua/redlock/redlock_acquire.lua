--redislock:redlock_acquire
--
-- Redlock, on each server, for one key or lockMany's. All free: set them all with
-- our token and lifetime, reply OK. Otherwise set nothing and reply the PTTL of a
-- busy one (-1: a key without a lifetime, not ours to judge).
--
-- @key   key       string, list               the lock keys
-- @arg   token     string                     the token
-- @arg   life      integer                    the lifetime (ms)

for i = 1, #KEYS do
  if redis.call('exists', KEYS[i]) == 1 then return redis.call('pttl', KEYS[i]) end
end
for i = 1, #KEYS do redis.call('set', KEYS[i], token, 'px', life) end
return redis.status_reply('OK')
