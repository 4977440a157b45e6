// SPDX-License-Identifier: Apache-2.0

#include "gui/theme/theme.h"

#include <QApplication>
#include <QStyleFactory>
#include <QStyleHints>

namespace sfdesk {

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
    QPalette p(QColor(0xf4, 0xf5, 0xf7));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf0, 0xf2, 0xf5));
    p.setColor(QPalette::Text, QColor(0x1d, 0x21, 0x27));
    p.setColor(QPalette::WindowText, QColor(0x1d, 0x21, 0x27));
    p.setColor(QPalette::ButtonText, QColor(0x1d, 0x21, 0x27));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xe4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xd0));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x86, 0x90));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    p.setColor(QPalette::ToolTipText, QColor(0x1d, 0x21, 0x27));
    return p;
}

QPalette Theme::darkPalette()
{
    const QColor window(0x23, 0x26, 0x2b);
    const QColor base(0x1a, 0x1c, 0x20);
    const QColor text(0xe6, 0xe8, 0xeb);
    const QColor disabled(0x7a, 0x80, 0x88);
    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x29, 0x2f));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2d, 0x31, 0x37));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xa8, 0xff));
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x3d));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2d, 0x33));
    p.setColor(QPalette::Dark, QColor(0x15, 0x17, 0x1a));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace sfdesk
