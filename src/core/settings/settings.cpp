#include "core/settings/settings.h"

#include <QMetaEnum>
#include <QSettings>

namespace {

const auto keyGeometry = QStringLiteral("MainWindow/Geometry");
const auto keyState = QStringLiteral("MainWindow/State");
const auto keySection = QStringLiteral("MainWindow/CurrentSection");
const auto keyColorScheme = QStringLiteral("Appearance/ColorScheme");
const auto keyLanguage = QStringLiteral("Appearance/Language");

QString headerKey(const QString& view)
{
    return QStringLiteral("Views/%1/HeaderState").arg(view);
}

} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>())
{}

Settings::Settings(const QString& iniFile, QObject* parent)
    : QObject(parent)
    , m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{}

Settings::~Settings() = default;

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

QString Settings::language() const
{
    return value(keyLanguage).toString();
}

void Settings::setLanguage(const QString& language)
{
    if (setValue(keyLanguage, language))
        Q_EMIT languageChanged(language);
}

QString Settings::fileName() const
{
    return m_settings->fileName();
}

void Settings::sync()
{
    m_settings->sync();
}
