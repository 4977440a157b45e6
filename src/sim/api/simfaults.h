// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QRandomGenerator>
#include <QString>

#include <optional>

namespace sfsim {

// Faults sfsim injects into API responses, for resilience tests of clients. The spec is a comma
// separated list of key=value:
//   latency=300ms   delay before each request is handled (ms or s suffix; bare numbers are ms)
//   jitter=100ms    plus a random 0..jitter on top of the latency
//   error=0.2       share of requests answered 503 service_unavailable without being handled
//   drop=0.1        share of requests handled whose connection is then closed without an answer
//   truncate=0.05   share of requests handled whose answer is cut off halfway
//   fail_part=3x2   the first 2 uploads of part 3 of each image are answered 503 (their bytes are
//                   thrown away), for tests of an uploader's retries
// Control routes (/_sim/...) never see faults. Draws come from a generator seeded with --seed,
// so the same requests meet the same faults.
struct FaultSpec
{
    int latencyMs = 0;
    int jitterMs = 0;
    double error = 0;
    double drop = 0;
    double truncate = 0;
    int failPart = 0; // 0: none
    int failPartTimes = 0;

    bool isEmpty() const
    {
        return latencyMs == 0 && jitterMs == 0 && error == 0 && drop == 0 && truncate == 0 && failPart == 0;
    }
    QString toString() const;
    // Parses a spec; an empty text is no faults. Returns nullopt with a message on bad input.
    static std::optional<FaultSpec> parse(const QString& text, QString* error);
};

// What happens to one request.
struct FaultDecision
{
    int delayMs = 0;
    bool error = false;
    bool drop = false;
    bool truncate = false;
};

class FaultInjector final
{
public:
    explicit FaultInjector(quint64 seed);

    void setSpec(const FaultSpec& spec) { m_spec = spec; }
    const FaultSpec& spec() const { return m_spec; }
    // Draws the faults of the next request: at most one of error, drop and truncate (always the
    // same number of draws, so that changing a rate does not shift the sequence).
    FaultDecision next();

private:
    FaultSpec m_spec;
    QRandomGenerator m_random;
};

} // namespace sfsim
