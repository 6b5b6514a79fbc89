--redislock:redlock_release
--
-- Redlock, on each server. Deletes the lock while it holds our token, then leaves
-- one wake-up for a waiter blocked on this server (one is enough: the woken
-- waiter's own unlock wakes the next).
--
-- @key   key       string                     the lock key
-- @key   wakeup    owned string               its wake-up list
-- @arg   token     string                     the token
-- @arg   mode      text                       'exact', 'suffix' (the random part after the colon
--                                             only) or 'force' (whoever holds it)

local v = redis.call('get', key)
if mode == 'suffix' then
  if not v or string.sub(v, -(#token + 1)) ~= ':' .. token then return 0 end
elseif mode == 'force' then
  if not v then return 0 end
elseif v ~= token then
  return 0
end
redis.call('del', key)
redis.call('lpush', wakeup, '1')
redis.call('ltrim', wakeup, 0, 0)
redis.call('pexpire', wakeup, 5000)
return 1
