// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"

#include "common/constvalue.h"

#include <QEvent>
#include <QMetaEnum>
#include <QSettings>
#include <QTimerEvent>
#include <QUrl>

#include <algorithm>

namespace sfdesk {

namespace {

// Milliseconds from the first unwritten change to the write.
constexpr int WriteDelay = 1000;

const auto keyGeometry = QStringLiteral("MainWindow/Geometry");
const auto keyState = QStringLiteral("MainWindow/State");
const auto keySection = QStringLiteral("MainWindow/CurrentSection");
const auto keyColorScheme = QStringLiteral("Appearance/ColorScheme");
const auto keyTimesInUtc = QStringLiteral("Appearance/TimesInUtc");
const auto keyLanguage = QStringLiteral("Appearance/Language");
const auto keyProfiles = QStringLiteral("Connections/Profiles");
const auto keyCurrentProfile = QStringLiteral("Connections/Current");

// A profile's id may hold '/' and ':' (a server's address): one group per id, encoded.
QString spendGroup(const QString& profileId)
{
    return QStringLiteral("SpendGuard/%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(profileId)));
}

QString watchesKey(const QString& profileId)
{
    return QStringLiteral("PriceWatches/%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(profileId)));
}

QString headerKey(const QString& view)
{
    return QStringLiteral("Views/%1/HeaderState").arg(view);
}

} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>())
{
    m_settings->installEventFilter(this);
}

Settings::Settings(const QString& iniFile, QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
    m_settings->installEventFilter(this);
}

// QSettings writes what is left unwritten when it goes.
Settings::~Settings() = default;

bool Settings::eventFilter(QObject* watched, QEvent* event)
{
    // QSettings asks for this once after its first unwritten change, and would write its file then.
    if (watched == m_settings.get() && event->type() == QEvent::UpdateRequest) {
        if (!m_writeTimer.isActive())
            m_writeTimer.start(WriteDelay, this);
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void Settings::timerEvent(QTimerEvent* event)
{
    if (event->timerId() != m_writeTimer.timerId()) {
        QObject::timerEvent(event);
        return;
    }
    sync();
}

QVariant Settings::value(const QString& key, const QVariant& fallback) const
{
    return m_settings->value(key, fallback);
}

bool Settings::setValue(const QString& key, const QVariant& value)
{
    if (m_settings->contains(key) && m_settings->value(key) == value)
        return false;
    m_settings->setValue(key, value);
    return true;
}

QByteArray Settings::mainWindowGeometry() const
{
    return value(keyGeometry).toByteArray();
}

void Settings::setMainWindowGeometry(const QByteArray& geometry)
{
    setValue(keyGeometry, geometry);
}

QByteArray Settings::mainWindowState() const
{
    return value(keyState).toByteArray();
}

void Settings::setMainWindowState(const QByteArray& state)
{
    setValue(keyState, state);
}

QString Settings::currentSection() const
{
    return value(keySection).toString();
}

void Settings::setCurrentSection(const QString& section)
{
    setValue(keySection, section);
}

std::optional<Settings::Scope> Settings::scope() const
{
    const QVariant all = value(QStringLiteral("scope/allWorkspaces"));
    if (!all.isValid())
        return std::nullopt;
    return Scope{value(QStringLiteral("scope/workspace")).toString(), all.toBool()};
}

void Settings::setScope(const Scope& scope)
{
    setValue(QStringLiteral("scope/workspace"), scope.workspace);
    setValue(QStringLiteral("scope/allWorkspaces"), scope.allWorkspaces);
}

QByteArray Settings::headerState(const QString& view) const
{
    return value(headerKey(view)).toByteArray();
}

void Settings::setHeaderState(const QString& view, const QByteArray& state)
{
    setValue(headerKey(view), state);
}

Settings::ColorScheme Settings::colorScheme() const
{
    const auto meta = QMetaEnum::fromType<ColorScheme>();
    bool ok = false;
    const int v = meta.keyToValue(
        value(keyColorScheme, QStringLiteral("System")).toString().toLatin1().constData(), &ok);
    return ok ? static_cast<ColorScheme>(v) : ColorScheme::System;
}

void Settings::setColorScheme(ColorScheme scheme)
{
    const auto meta = QMetaEnum::fromType<ColorScheme>();
    if (setValue(keyColorScheme, QString::fromLatin1(meta.valueToKey(static_cast<int>(scheme)))))
        Q_EMIT colorSchemeChanged(scheme);
}

bool Settings::timesInUtc() const
{
    return value(keyTimesInUtc, false).toBool();
}

void Settings::setTimesInUtc(bool utc)
{
    if (setValue(keyTimesInUtc, utc))
        Q_EMIT timesInUtcChanged(utc);
}

bool Settings::notifies(const QString& kind) const
{
    return value(QStringLiteral("Notifications/") + kind, true).toBool();
}

void Settings::setNotifies(const QString& kind, bool on)
{
    if (setValue(QStringLiteral("Notifications/") + kind, on))
        Q_EMIT notifiesChanged(kind, on);
}

QString Settings::language() const
{
    return value(keyLanguage).toString();
}

void Settings::setLanguage(const QString& language)
{
    if (setValue(keyLanguage, language))
        Q_EMIT languageChanged(language);
}

QList<ConnectionProfile> Settings::profiles() const
{
    QList<ConnectionProfile> result;
    const int count = m_settings->beginReadArray(keyProfiles);
    for (int i = 0; i < count; ++i) {
        m_settings->setArrayIndex(i);
        ConnectionProfile profile;
        profile.id = m_settings->value(QStringLiteral("id")).toString();
        profile.name = m_settings->value(QStringLiteral("name")).toString();
        const auto kind =
            ConnectionProfile::kindFromName(m_settings->value(QStringLiteral("kind")).toString());
        profile.url =
            QUrl(m_settings->value(QStringLiteral("url")).toString()).adjusted(QUrl::RemoveUserInfo);
        profile.caCertificates = m_settings->value(QStringLiteral("caCertificates")).toString();
        profile.proxy =
            QUrl(m_settings->value(QStringLiteral("proxy")).toString()).adjusted(QUrl::RemoveUserInfo);
        // Entries edited by hand into nonsense are skipped rather than half-used.
        if (profile.id.isEmpty() || !kind)
            continue;
        profile.kind = *kind;
        result.append(profile);
    }
    m_settings->endArray();
    return result;
}

void Settings::setProfiles(const QList<ConnectionProfile>& profiles)
{
    const QList<ConnectionProfile> before = this->profiles();
    if (profiles == before)
        return;
    // A removed connection takes its own settings along.
    for (const ConnectionProfile& old : before) {
        const bool kept = std::any_of(profiles.cbegin(), profiles.cend(),
                                      [&old](const ConnectionProfile& p) { return p.id == old.id; });
        if (!kept) {
            setSpendLimits(old.id, {});
            setPriceWatchesJson(old.id, {});
        }
    }
    m_settings->remove(keyProfiles);
    m_settings->beginWriteArray(keyProfiles, static_cast<int>(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        m_settings->setArrayIndex(i);
        const ConnectionProfile& profile = profiles.at(i);
        m_settings->setValue(QStringLiteral("id"), profile.id);
        m_settings->setValue(QStringLiteral("name"), profile.name);
        m_settings->setValue(QStringLiteral("kind"), ConnectionProfile::kindName(profile.kind));
        // The simulator's URL changes every run; it is not stored.
        m_settings->setValue(QStringLiteral("url"), profile.kind == ConnectionProfile::Kind::LocalSimulator
                                                        ? QString()
                                                        : profile.url.toString(QUrl::RemoveUserInfo));
        if (!profile.caCertificates.isEmpty())
            m_settings->setValue(QStringLiteral("caCertificates"), profile.caCertificates);
        // A proxy's password would be a secret: never written here (the dialog refuses one).
        if (!profile.proxy.isEmpty())
            m_settings->setValue(QStringLiteral("proxy"), profile.proxy.toString(QUrl::RemoveUserInfo));
    }
    m_settings->endArray();
    Q_EMIT profilesChanged();
}

QString Settings::currentProfileId() const
{
    return value(keyCurrentProfile).toString();
}

void Settings::setCurrentProfileId(const QString& id)
{
    if (setValue(keyCurrentProfile, id))
        Q_EMIT profilesChanged();
}

ConnectionProfile Settings::currentProfile() const
{
    const QString id = currentProfileId();
    for (const ConnectionProfile& profile : constValue(profiles())) {
        if (profile.id == id)
            return profile;
    }
    return ConnectionProfile::localSimulator();
}

void Settings::saveProfile(const ConnectionProfile& profile)
{
    QList<ConnectionProfile> all = profiles();
    const auto it = std::find_if(all.begin(), all.end(),
                                 [&profile](const ConnectionProfile& p) { return p.id == profile.id; });
    if (it != all.end())
        *it = profile;
    else
        all.append(profile);
    setProfiles(all);
    setCurrentProfileId(profile.id);
}

QMap<QString, qint64> Settings::spendLimits(const QString& profileId) const
{
    QMap<QString, qint64> limits;
    m_settings->beginGroup(spendGroup(profileId));
    const QStringList names = m_settings->childKeys();
    for (const QString& name : names) {
        bool ok = false;
        const qint64 micros = m_settings->value(name).toString().toLongLong(&ok);
        // Edited by hand into nonsense: no limit rather than a wrong one.
        if (ok && micros >= 0)
            limits.insert(name, micros);
    }
    m_settings->endGroup();
    return limits;
}

void Settings::setSpendLimits(const QString& profileId, const QMap<QString, qint64>& limits)
{
    if (spendLimits(profileId) == limits)
        return;
    const QString group = spendGroup(profileId);
    m_settings->remove(group);
    for (auto it = limits.cbegin(); it != limits.cend(); ++it)
        m_settings->setValue(group + u'/' + it.key(), QString::number(it.value()));
    // Written at once, not a second later: a limit on spending must survive a crash right after it is set.
    sync();
    Q_EMIT spendLimitsChanged(profileId);
}

QByteArray Settings::priceWatchesJson(const QString& profileId) const
{
    return value(watchesKey(profileId)).toString().toUtf8();
}

void Settings::setPriceWatchesJson(const QString& profileId, const QByteArray& json)
{
    if (json.isEmpty())
        m_settings->remove(watchesKey(profileId));
    else
        setValue(watchesKey(profileId), QString::fromUtf8(json));
}

QString Settings::fileName() const
{
    return m_settings->fileName();
}

void Settings::sync()
{
    m_writeTimer.stop();
    m_settings->sync();
}

} // namespace sfdesk
