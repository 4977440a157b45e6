// SPDX-License-Identifier: Apache-2.0

#include "common/logging.h"

#include "common/constvalue.h"

namespace sfdesk {

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcApi, "sfdesk.api", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSim, "sfdesk.sim", QtWarningMsg)
Q_LOGGING_CATEGORY(lcMarket, "sfdesk.market", QtWarningMsg)
Q_LOGGING_CATEGORY(lcCloudInit, "sfdesk.cloudinit", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUi, "sfdesk.ui", QtWarningMsg)

namespace Logging {

QStringList subsystems()
{
    return {u"api"_s, u"sim"_s, u"market"_s, u"cloudinit"_s, u"ui"_s};
}

bool enable(const QString& spec, QString* error)
{
    QStringList names;
    for (const QString& part : constValue(spec.split(u',', Qt::SkipEmptyParts))) {
        const QString name = part.trimmed().toLower();
        if (name == u"all") {
            names += subsystems();
        } else if (subsystems().contains(name)) {
            names += name;
        } else {
            if (error)
                *error = u"unknown subsystem '%1' (known: %2, all)"_s.arg(name, subsystems().join(u", "_s));
            return false;
        }
    }
    if (names.isEmpty()) {
        if (error)
            *error = u"name at least one of %1, all"_s.arg(subsystems().join(u", "_s));
        return false;
    }
    QStringList rules;
    names.removeDuplicates();
    for (const QString& name : std::as_const(names))
        rules << u"sfdesk.%1.debug=true"_s.arg(name) << u"sfdesk.%1.info=true"_s.arg(name);
    QLoggingCategory::setFilterRules(rules.join(u'\n'));
    // Seconds since the start on each line, so that a request's time shows; unless the user has
    // a pattern of their own.
    if (!qEnvironmentVariableIsSet("QT_MESSAGE_PATTERN"))
        qSetMessagePattern(u"%{time process} %{category}: %{message}"_s);
    return true;
}

} // namespace Logging

} // namespace sfdesk
