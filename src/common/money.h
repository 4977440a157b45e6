// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace sfdesk {

// Exact money. Amounts are integer micro-dollars (1 µ$ = $0.000001); rates are micro-dollars per
// node-hour. Nothing here uses floating point.
//
// Rounding rules (all "half up", i.e. a remainder of exactly one half rounds away from zero):
// - parsing keeps six decimals; a seventh decimal of 5 or more rounds the sixth up;
// - order limit prices are rounded to per-minute precision, the nearest multiple of 60 µ$ per
//   node-hour (1 µ$ per node-minute), as the API does on submission;
// - a total is rate × node-seconds / 3600, computed exactly and rounded once at the end;
// - a fee is flat × node-seconds / 3600 plus bps × execution total / 10000, each term rounded.
namespace Money {

inline constexpr qint64 MicrosPerDollar = 1'000'000;
// Per-minute precision of a rate: $0.000060 per node-hour is one micro-dollar per node-minute.
inline constexpr qint64 MinutePrecision = 60;
// Larger rates or amounts are refused as input: a billion dollars per node-hour is not a price.
inline constexpr qint64 MaxDollars = 1'000'000'000;

// Parses the API's DollarsPerNodeHour, `^\d+\.\d+$` ("2.5", "2.500000"), into µ$ per node-hour.
std::optional<qint64> parseRate(QStringView text, QString* error = nullptr);
// The same for an amount the API answers with, which may be negative (`^-?\d+\.\d+$`): µ$.
std::optional<qint64> parseAmount(QStringView text, QString* error = nullptr);
// Six decimals, a leading '-' for negative amounts: 2500000 -> "2.500000".
QString format(qint64 micros);

// A rate as a person would type it: the fewest decimals (at least two) that mean the same limit
// once the API has rounded it to per-minute precision, so a limit typed as "20.00" (stored as
// 19.999980) reads "20.00" again; a rate no shorter decimal stands for keeps six decimals.
QString formatRate(qint64 rate);

// Rounded half up (away from zero) to `decimals` places, 0 to 6: (13069043, 3) -> "13.069".
QString formatRounded(qint64 micros, int decimals);
// Rounded half up to whole cents, for a scale that needs no more: 13166255 -> "13.17".
QString formatCents(qint64 micros);

// An amount as a person reads it: exact, without the trailing zeros past the cents:
// 12345600 -> "12.3456", 2500000 -> "2.50".
QString formatAmount(qint64 micros);

qint64 roundToMinutePrecision(qint64 rate);
qint64 roundUpToMinutePrecision(qint64 rate);
qint64 roundDownToMinutePrecision(qint64 rate);

// Dividing with the rounding rule above; denominator must be positive.
qint64 divideRoundHalfUp(qint64 numerator, qint64 denominator);

// rate × nodes × seconds / 3600, rounded once. Saturates at the qint64 range.
qint64 total(qint64 rate, qint64 nodes, qint64 seconds);
// rate × nodeSeconds / 3600, rounded once (for schedules: nodeSeconds = Σ count × length).
qint64 totalForNodeSeconds(qint64 rate, qint64 nodeSeconds);
// The average rate that `amount` pays for `nodeSeconds`, rounded half up; 0 for no node-seconds.
qint64 averageRate(qint64 amount, qint64 nodeSeconds);
// The highest per-minute-precision rate whose total for nodes × seconds stays within `amount`
// (the CLI's --max-price turned into a rate). 0 when nodes or seconds are not positive.
qint64 rateWithinTotal(qint64 amount, qint64 nodes, qint64 seconds);
// The fee rule of the order preview: flat × nodeSeconds / 3600 + bps × executionTotal / 10000.
qint64 fee(qint64 flatRate, int percentageBps, qint64 nodeSeconds, qint64 executionTotal);

} // namespace Money

} // namespace sfdesk
