-- The next fencing number of a slot: one more than the last, and never less than
-- the server's clock in microseconds. The counter is replicated asynchronously
-- like the lock itself, so a failover (or a restart without persistence) can lose
-- its last increments; the clock floor keeps the numbers growing across that,
-- provided the new master's clock is not behind the old one's by more than the
-- failover took. Numbers are formatted as integers: Lua's own number-to-string
-- keeps 14 digits, and the clock alone has 16.
local function fence(counter)
  local t = redis.call('time')
  local n = math.max((tonumber(redis.call('get', counter)) or 0) + 1, tonumber(t[1]) * 1000000 + tonumber(t[2]))
  local s = string.format('%d', n)
  redis.call('set', counter, s)
  return s
end
