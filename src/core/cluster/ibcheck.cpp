// SPDX-License-Identifier: Apache-2.0

#include "core/cluster/ibcheck.h"

#include <QRegularExpression>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace IbCheck {

namespace {

// The text after the program's console prefix ("[   17.6] sfc-ib-check[1200]: "), if any.
QString message(const QString& line)
{
    static const QRegularExpression prefix(u"^\\[[^\\]]*\\]\\s+[^:\\s]+:\\s"_s);
    const QRegularExpressionMatch match = prefix.match(line);
    return (match.hasMatch() ? line.mid(match.capturedEnd()) : line).trimmed();
}

} // namespace

Result fromConsole(const QList<ConsoleLine>& lines)
{
    Result result;
    // Within one run: the ports seen active, and the first line that says the link is not up.
    bool running = false;
    int active = 0;
    QString down;
    const auto finish = [&] {
        if (!running)
            return;
        if (!down.isEmpty())
            result = {PortState::Down, down, result.seenAt};
        else if (active > 0)
            result.state = PortState::Active;
    };
    for (const ConsoleLine& line : lines) {
        const QString text = message(line.text);
        if (text == u"$ ibv_devinfo"_s || text.endsWith(u"$ ibv_devinfo"_s)) {
            finish();
            result = {PortState::NotReported, {}, line.timestamp};
            running = true;
            active = 0;
            down.clear();
            continue;
        }
        if (!running)
            continue;
        if (text.startsWith(u"state:"_s)) {
            if (text.contains(u"PORT_ACTIVE"_s)) {
                ++active;
                if (down.isEmpty())
                    result.detail = text.simplified();
            } else if (down.isEmpty()) {
                down = text.simplified();
            }
        } else if (text.contains(u"No IB devices found"_s) || text.contains(u"command not found"_s)
                   || text.contains(u"Failed to get IB devices"_s)) {
            if (down.isEmpty())
                down = text;
        }
    }
    finish();
    if (result.state == PortState::NotReported)
        result.detail.clear();
    return result;
}

QString manualCommand()
{
    return u"ibv_devinfo | grep -E 'hca_id|state|link_layer'"_s;
}

} // namespace IbCheck

} // namespace sfdesk
