// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/settings/connectionprofile.h"

#include <QBasicTimer>
#include <QByteArray>
#include <QMap>
#include <QObject>
#include <QString>
#include <QVariant>

#include <memory>
#include <optional>

class QSettings;

namespace sfdesk {

// Typed access to the user's settings. Writes only when a value changes. Secrets never go here.
// A change is written to the file a second after the first unwritten one, at sync() and when the
// object goes: not on the next turn of the event loop as QSettings would, since a first start's
// defaults would be written (and flushed to disk) between the window's show and its first frame.
// Spend limits are written at once.
// It sits below the layers whose values it keeps: notices, price watches and the spend guard are
// stored by key or as opaque JSON, which those layers map to their own types.
class Settings final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Settings)

public:
    enum class ColorScheme
    {
        System,
        Light,
        Dark
    };
    Q_ENUM(ColorScheme)

    // Uses the application's default settings location.
    explicit Settings(QObject* parent = nullptr);
    // Backs the settings by an INI file (tests, portable setups).
    explicit Settings(const QString& iniFile, QObject* parent = nullptr);
    ~Settings() override;

    QByteArray mainWindowGeometry() const;
    void setMainWindowGeometry(const QByteArray& geometry);
    QByteArray mainWindowState() const;
    void setMainWindowState(const QByteArray& state);

    QString currentSection() const;
    void setCurrentSection(const QString& section);

    // The workspace the views show, or every workspace; nullopt until the user chose once.
    struct Scope
    {
        QString workspace;
        bool allWorkspaces = false;
    };
    std::optional<Scope> scope() const;
    void setScope(const Scope& scope);

    QByteArray headerState(const QString& view) const;
    void setHeaderState(const QString& view, const QByteArray& state);

    ColorScheme colorScheme() const;
    void setColorScheme(ColorScheme scheme);

    // Times shown in UTC rather than in local time.
    bool timesInUtc() const;
    void setTimesInUtc(bool utc);

    // Which notices the user is told of, by the notice kind's name (each is on until turned off).
    bool notifies(const QString& kind) const;
    void setNotifies(const QString& kind, bool on);

    // Empty means: follow the system.
    QString language() const;
    void setLanguage(const QString& language);

    // Connection profiles. Empty until the user (or the first start) saves one.
    QList<ConnectionProfile> profiles() const;
    void setProfiles(const QList<ConnectionProfile>& profiles);
    QString currentProfileId() const;
    void setCurrentProfileId(const QString& id);
    // The current profile; the local simulator when none is saved or the saved id is gone.
    ConnectionProfile currentProfile() const;
    // Adds or replaces (by id) one profile and makes it current.
    void saveProfile(const ConnectionProfile& profile);

    // A connection's spend guard amounts in micros (by its profile's id), by the limit's name: none
    // until the user sets one. A name left out of setSpendLimits() is removed.
    QMap<QString, qint64> spendLimits(const QString& profileId) const;
    void setSpendLimits(const QString& profileId, const QMap<QString, qint64>& limits);
    // A connection's price watches (by its profile's id) as the market writes them; empty: none.
    QByteArray priceWatchesJson(const QString& profileId) const;
    void setPriceWatchesJson(const QString& profileId, const QByteArray& json);

    QString fileName() const;
    // Writes the unwritten changes now.
    void sync();

Q_SIGNALS:
    void colorSchemeChanged(sfdesk::Settings::ColorScheme scheme);
    void languageChanged(const QString& language);
    void timesInUtcChanged(bool utc);
    void notifiesChanged(const QString& kind, bool on);
    void profilesChanged();
    void spendLimitsChanged(const QString& profileId);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void timerEvent(QTimerEvent* event) override;

private:
    QVariant value(const QString& key, const QVariant& fallback = {}) const;
    bool setValue(const QString& key, const QVariant& value);

    std::unique_ptr<QSettings> m_settings;
    QBasicTimer m_writeTimer;
};

} // namespace sfdesk
