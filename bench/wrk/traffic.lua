-- The traffic of bench/load.py: `wrk ... -s traffic.lua <url> -- <endpoint> <salt>`,
-- endpoint one of classify, validate, settle, optimal; every request with fresh random cards.
-- Each wrk thread has its own Lua state; init() seeds it differently.
local ranks = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}
local suits = {"s", "h", "d", "c"}
local deck = {}
for _, rank in ipairs(ranks) do
  for _, suit in ipairs(suits) do table.insert(deck, rank .. suit) end
end

-- n fresh random cards, quoted for JSON (a partial Fisher-Yates shuffle)
local function deal(n)
  for i = 1, n do
    local j = math.random(i, 52)
    deck[i], deck[j] = deck[j], deck[i]
  end
  local cards = {}
  for i = 1, n do cards[i] = '"' .. deck[i] .. '"' end
  return cards
end

local function list(cards, from, to)
  return "[" .. table.concat(cards, ",", from, to) .. "]"
end

local function arrangement(cards, offset)
  return '{"back":' .. list(cards, offset + 1, offset + 5) .. ',"middle":' .. list(cards, offset + 6, offset + 10)
    .. ',"front":' .. list(cards, offset + 11, offset + 13) .. '}'
end

local bodies = {
  classify = function() return "/v1/hands/classify", '{"cards":' .. list(deal(5), 1, 5) .. '}' end,
  validate = function()
    return "/v1/arrangements/validate", '{"variant":"online","arrangement":' .. arrangement(deal(13), 0) .. '}'
  end,
  settle = function()
    local cards = deal(52)
    local players = {}
    for seat = 0, 3 do
      players[seat + 1] = '{"id":"p' .. seat .. '","arrangement":' .. arrangement(cards, seat * 13) .. '}'
    end
    return "/v1/settlements", '{"variant":"online","bet":"10","players":[' .. table.concat(players, ",") .. ']}'
  end,
  optimal = function() return "/v1/arrangements/optimal", '{"cards":' .. list(deal(13), 1, 13) .. '}' end,
}

local body
function init(args)
  body = bodies[args[1]]
  math.randomseed(os.time() * 1000 + (tonumber(args[2]) or 0) + math.floor(os.clock() * 1000000))
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  local path, payload = body()
  return wrk.format(nil, path, nil, payload)
end

-- One JSON line that bench/load.py reads.
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"non_2xx":%d,'
      .. '"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    errors.status, errors.connect, errors.read, errors.write, errors.timeout))
end
