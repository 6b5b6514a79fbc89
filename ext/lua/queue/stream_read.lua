--redislock:stream_read
--
-- The read of a reserve() on the stream layout that does not block: XREADGROUP
-- of new entries ('>') for the reader consumer, a page at most from each queue,
-- returned in XREADGROUP's own shape, with the payloads of the entries that refer
-- to theirs (payloads by reference: field r, 'p' for P or 'q' for Q) read in the
-- same call, so that a job costs one round trip: such an entry's r becomes p with
-- the bytes. The reads stop once BYTES of payload went into the reply (an entry
-- whose payload would pass it keeps its r, as does one of more than BYTES: the caller reads
-- those with plain commands), so the call's work is bounded in members and in
-- bytes. Nothing moves: the payloads stay where their producer wrote them. An
-- error of the read (NOGROUP: the stream or its group is missing) is returned as
-- the read's own error; nothing delivered: nil.
--
-- @key   stream    string, list               S, the stream of ready and in-flight tasks, of queue i
-- @key   payloads  string, list               P, the tasks' payloads by id, of queue i
-- @key   spare     string, list               Q, the payloads by reference that P cannot hold, of queue i
-- @arg   reader    string                     the consumer the read delivers to
-- @arg   count     integer                    the most entries from each queue (a page at most)

--#include "common/page.lua"

local n = #KEYS / 3
local read = {'xreadgroup', 'group', 'rl', reader, 'count', page(count), 'streams'}
local of = {}
for i = 1, n do
  read[#read + 1] = KEYS[3 * i - 2]
  of[KEYS[3 * i - 2]] = i
end
for i = 1, n do read[#read + 1] = '>' end
local r = redis.pcall(unpack(read))
if type(r) ~= 'table' or r.err then return r end
local bytes = 0
for _, block in ipairs(r) do
  local i = of[block[1]]
  for _, e in ipairs(block[2]) do
    local f = e[2]
    local id, at
    for j = 1, #f - 1, 2 do
      if f[j] == 'i' then id = f[j + 1] elseif f[j] == 'r' then at = j end
    end
    if i and id and at and bytes < BYTES then
      local h = KEYS[3 * i - 1]
      if f[at + 1] == 'q' then h = KEYS[3 * i] end
      local len = redis.call('hstrlen', h, id)
      if len > 0 and bytes + len <= BYTES then
        local p = redis.call('hget', h, id)
        if p then
          f[at] = 'p'
          f[at + 1] = p
          bytes = bytes + #p
        end
      end
    end
  end
end
return r
