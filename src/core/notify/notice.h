// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace sfdesk {

class Settings;

// Something the user asked to be told about, and the object it is about: a desktop notification
// and a row of the activity panel's notifications, both of which open the object.
struct Notice
{
    // What the user can turn off, each on its own (Preferences > Notifications).
    enum class Kind
    {
        OrderFilled,     // an order filled, or partly
        OrderExpired,    // a standing order ended with nothing filled
        CapacitySoon,    // a pool's owned capacity starts or ends in 40 minutes
        InstanceRunning, // an instance became running
        PriceWatch,      // a watched window is offered at or under its price
        PoolIdle,        // a pool owned nodes for more than an hour with no instance on them
    };

    Kind kind = Kind::OrderFilled;
    QString title;
    QString text;
    // The main window's section that shows the object, and the object's id there.
    QString section;
    QString targetId;
    // When it was noticed (seconds since the epoch, the server's clock).
    qint64 at = 0;

    static QList<Kind> allKinds()
    {
        return {Kind::OrderFilled,     Kind::OrderExpired, Kind::CapacitySoon,
                Kind::InstanceRunning, Kind::PriceWatch,   Kind::PoolIdle};
    }
    // A stable name for the settings and tests.
    static QString kindName(Kind kind);
    static std::optional<Kind> kindFromName(const QString& name);
    // Whether the user is told of this kind of notice, as the settings keep it (on until turned off).
    static bool isEnabled(const Settings& settings, Kind kind);
    static void setEnabled(Settings& settings, Kind kind, bool on);

    bool operator==(const Notice&) const = default;
};

} // namespace sfdesk

Q_DECLARE_METATYPE(sfdesk::Notice)
