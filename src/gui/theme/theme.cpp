// SPDX-License-Identifier: Apache-2.0

#include "gui/theme/theme.h"

#include <QApplication>
#include <QStyleFactory>
#include <QStyleHints>

#include <span>

namespace sfdesk {

namespace {

// A palette as a table: each role's colour as 0xRRGGBB, over the palette Qt derives from the
// window colour.
struct RoleColor
{
    QPalette::ColorRole role;
    QRgb rgb;
};

constexpr QRgb LightWindow = 0xf4f5f7;
constexpr RoleColor LightColors[] = {
    {QPalette::Base, 0xffffff},
    {QPalette::AlternateBase, 0xf0f2f5},
    {QPalette::Text, 0x1d2127},
    {QPalette::WindowText, 0x1d2127},
    {QPalette::ButtonText, 0x1d2127},
    {QPalette::Highlight, 0x2f6fe4},
    {QPalette::HighlightedText, 0xffffff},
    {QPalette::Link, 0x1f5fd0},
    {QPalette::PlaceholderText, 0x808690},
    {QPalette::ToolTipBase, 0xffffe8},
    {QPalette::ToolTipText, 0x1d2127},
};

constexpr QRgb DarkWindow = 0x23262b;
constexpr QRgb DarkText = 0xe6e8eb;
constexpr QRgb DarkDisabled = 0x7a8088;
constexpr RoleColor DarkColors[] = {
    {QPalette::Window, DarkWindow},    {QPalette::WindowText, DarkText},
    {QPalette::Base, 0x1a1c20},        {QPalette::AlternateBase, 0x26292f},
    {QPalette::Text, DarkText},        {QPalette::Button, 0x2d3137},
    {QPalette::ButtonText, DarkText},  {QPalette::BrightText, 0xff6b6b},
    {QPalette::Highlight, 0x3d7ef0},   {QPalette::HighlightedText, 0xffffff},
    {QPalette::Link, 0x7ca8ff},        {QPalette::PlaceholderText, DarkDisabled},
    {QPalette::ToolTipBase, 0x30343a}, {QPalette::ToolTipText, DarkText},
    {QPalette::Light, 0x3a3f46},       {QPalette::Midlight, 0x33373d},
    {QPalette::Mid, 0x2a2d33},         {QPalette::Dark, 0x15171a},
    {QPalette::Shadow, 0x000000},
};

QPalette paletteFrom(QRgb window, std::span<const RoleColor> colors)
{
    QPalette p{QColor(window)};
    for (const RoleColor& color : colors)
        p.setColor(color.role, QColor(color.rgb));
    return p;
}

} // namespace

Theme::Theme(Settings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    connect(QGuiApplication::styleHints(), &QStyleHints::colorSchemeChanged, this, &Theme::apply);
    connect(m_settings, &Settings::colorSchemeChanged, this, &Theme::apply);
}

void Theme::setOverride(Settings::ColorScheme scheme)
{
    m_override = scheme;
}

bool Theme::systemPrefersDark() const
{
    return QGuiApplication::styleHints()->colorScheme() == Qt::ColorScheme::Dark;
}

void Theme::apply()
{
    auto scheme = m_override != Settings::ColorScheme::System ? m_override : m_settings->colorScheme();
    const bool dark =
        scheme == Settings::ColorScheme::System ? systemPrefersDark() : scheme == Settings::ColorScheme::Dark;
    QApplication::setPalette(dark ? darkPalette() : lightPalette());
    const bool changedScheme = dark != m_dark;
    m_dark = dark;
    if (changedScheme)
        Q_EMIT changed(dark);
}

QPalette Theme::lightPalette()
{
    return paletteFrom(LightWindow, LightColors);
}

QPalette Theme::darkPalette()
{
    QPalette p = paletteFrom(DarkWindow, DarkColors);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(DarkDisabled));
    return p;
}

} // namespace sfdesk
