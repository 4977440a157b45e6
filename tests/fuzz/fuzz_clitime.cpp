// SPDX-License-Identifier: Apache-2.0

// Time and duration input of the sf CLI: parse what a user types, and check that every duration the
// parser accepts formats back to text that parses to the same number of seconds.
#include "common/clitime.h"
#include "fuzzsupport.h"
#include "fuzztargets.h"

#include <QString>

#include <cstddef>
#include <cstdint>

using namespace sfdesk;

void FuzzTargets::clitime(const uint8_t* data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    constexpr qint64 now = 1'741'946'400; // 2025-03-14T10:00:00Z

    QString error;
    const std::optional<qint64> duration = CliTime::parseDuration(text, &error);
    if (duration) {
        if (*duration < 0)
            FuzzSupport::fail("parseDuration returned a negative duration");
        const QString formatted = CliTime::formatDuration(*duration);
        if (CliTime::parseDuration(formatted) != duration)
            FuzzSupport::fail("formatDuration does not parse back to the same duration");
    } else if (error.isEmpty()) {
        FuzzSupport::fail("parseDuration refused input without an error");
    }

    error.clear();
    const std::optional<qint64> time = CliTime::parseTime(text, now, &error);
    if (time) {
        (void)CliTime::formatTime(*time);
        (void)CliTime::roundStart(*time, now);
        (void)CliTime::roundEnd(*time);
        (void)CliTime::snapStartToHour(*time, now);
        (void)CliTime::snapEndToHour(*time);
    } else if (error.isEmpty()) {
        FuzzSupport::fail("parseTime refused input without an error");
    }
}

#ifndef SFDESK_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzTargets::clitime(data, size);
    return 0;
}
#endif
