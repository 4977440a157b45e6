// SPDX-License-Identifier: Apache-2.0

#include "sim/api/simfaults.h"

#include "common/constvalue.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace {

std::optional<int> parseDuration(const QString& text)
{
    QString number = text;
    int scale = 1;
    if (number.endsWith(u"ms"_s)) {
        number.chop(2);
    } else if (number.endsWith(u's')) {
        number.chop(1);
        scale = 1000;
    }
    bool ok = false;
    const int value = number.toInt(&ok);
    if (!ok || value < 0 || value > 600'000 / scale)
        return std::nullopt;
    return value * scale;
}

} // namespace

QString FaultSpec::toString() const
{
    QString text = u"latency=%1ms,jitter=%2ms,error=%3,drop=%4,truncate=%5"_s.arg(latencyMs)
                       .arg(jitterMs)
                       .arg(error)
                       .arg(drop)
                       .arg(truncate);
    if (failPart > 0)
        text += u",fail_part=%1x%2"_s.arg(failPart).arg(failPartTimes);
    return text;
}

std::optional<FaultSpec> FaultSpec::parse(const QString& text, QString* error)
{
    FaultSpec spec;
    for (const QString& part : constValue(text.split(u',', Qt::SkipEmptyParts))) {
        const qsizetype eq = part.indexOf(u'=');
        const QString key = part.left(eq).trimmed();
        const QString value = eq < 0 ? QString() : part.mid(eq + 1).trimmed();
        if (key == u"latency"_s || key == u"jitter"_s) {
            const auto ms = parseDuration(value);
            if (!ms) {
                *error = u"%1: expected a duration such as 300ms or 2s (at most 600 s), got \"%2\""_s.arg(
                    key, value);
                return std::nullopt;
            }
            (key == u"latency"_s ? spec.latencyMs : spec.jitterMs) = *ms;
        } else if (key == u"error"_s || key == u"errors"_s || key == u"drop"_s || key == u"truncate"_s) {
            bool ok = false;
            const double rate = value.toDouble(&ok);
            if (!ok || rate < 0 || rate > 1) {
                *error = u"%1: expected a share between 0 and 1, got \"%2\""_s.arg(key, value);
                return std::nullopt;
            }
            (key == u"drop"_s ? spec.drop : key == u"truncate"_s ? spec.truncate : spec.error) = rate;
        } else if (key == u"fail_part"_s) {
            const QStringList numbers = value.split(u'x');
            bool partOk = false;
            bool timesOk = false;
            const int failPart = numbers.value(0).toInt(&partOk);
            const int times = numbers.size() == 2 ? numbers.at(1).toInt(&timesOk) : 0;
            if (!partOk || !timesOk || failPart < 1 || times < 1 || times > 1000) {
                *error = u"fail_part: expected PARTxTIMES such as 3x2, got \"%1\""_s.arg(value);
                return std::nullopt;
            }
            spec.failPart = failPart;
            spec.failPartTimes = times;
        } else {
            *error =
                u"unknown fault \"%1\"; use latency, jitter, error, drop, truncate or fail_part"_s.arg(part);
            return std::nullopt;
        }
    }
    if (spec.error + spec.drop + spec.truncate > 1) {
        *error = u"error, drop and truncate add up to more than 1"_s;
        return std::nullopt;
    }
    return spec;
}

FaultInjector::FaultInjector(quint64 seed)
    : m_random(static_cast<quint32>(seed ^ (seed >> 32) ^ 0xfa17u))
{}

FaultDecision FaultInjector::next()
{
    // One draw picks at most one fault, so each happens to its stated share of requests.
    const double draw = m_random.generateDouble();
    const quint32 jitterDraw = m_random.generate();
    FaultDecision decision;
    decision.delayMs =
        m_spec.latencyMs + (m_spec.jitterMs > 0 ? int(jitterDraw % quint32(m_spec.jitterMs + 1)) : 0);
    decision.error = draw < m_spec.error;
    decision.drop = !decision.error && draw < m_spec.error + m_spec.drop;
    decision.truncate =
        !decision.error && !decision.drop && draw < m_spec.error + m_spec.drop + m_spec.truncate;
    return decision;
}

} // namespace sfsim
