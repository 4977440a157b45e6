// SPDX-License-Identifier: Apache-2.0

#include "gui/settings/preferencesdialog.h"

#include "common/constvalue.h"
#include "core/settings/settings.h"
#include "ui_preferencesdialog.h"

#include <QDirIterator>
#include <QLocale>

namespace sfdesk {

PreferencesDialog::PreferencesDialog(Settings* settings, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PreferencesDialog>())
    , m_settings(settings)
{
    m_ui->setupUi(this);
    m_ui->colorSchemeCombo->addItem(tr("Follow the system"),
                                    QVariant::fromValue(Settings::ColorScheme::System));
    m_ui->colorSchemeCombo->addItem(tr("Light"), QVariant::fromValue(Settings::ColorScheme::Light));
    m_ui->colorSchemeCombo->addItem(tr("Dark"), QVariant::fromValue(Settings::ColorScheme::Dark));
    m_ui->colorSchemeCombo->setCurrentIndex(
        m_ui->colorSchemeCombo->findData(QVariant::fromValue(m_settings->colorScheme())));

    for (const auto& [code, name] : constValue(availableLanguages()))
        m_ui->languageCombo->addItem(name, code);
    const int current = m_ui->languageCombo->findData(m_settings->language());
    m_ui->languageCombo->setCurrentIndex(current >= 0 ? current : 0);

    for (const auto& [kind, box] : constValue(notificationBoxes()))
        box->setChecked(Notice::isEnabled(*m_settings, kind));
}

QList<std::pair<Notice::Kind, QCheckBox*>> PreferencesDialog::notificationBoxes() const
{
    return {{Notice::Kind::OrderFilled, m_ui->notifyOrderFilled},
            {Notice::Kind::OrderExpired, m_ui->notifyOrderExpired},
            {Notice::Kind::CapacitySoon, m_ui->notifyCapacitySoon},
            {Notice::Kind::InstanceRunning, m_ui->notifyInstanceRunning},
            {Notice::Kind::PriceWatch, m_ui->notifyPriceWatch},
            {Notice::Kind::PoolIdle, m_ui->notifyPoolIdle}};
}

PreferencesDialog::~PreferencesDialog() = default;

QList<QPair<QString, QString>> PreferencesDialog::availableLanguages()
{
    QList<QPair<QString, QString>> languages{{QString(), tr("System language")}};
    QStringList codes{QStringLiteral("en")};
    QDirIterator it(QStringLiteral(":/i18n"), {QStringLiteral("sfdesk_*.qm")});
    while (it.hasNext()) {
        const QString code = it.nextFileInfo().completeBaseName().section(u'_', 1);
        if (!codes.contains(code))
            codes << code;
    }
    codes.sort();
    for (const QString& code : std::as_const(codes)) {
        const QLocale locale(code);
        QString name = locale.nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name[0].toUpper();
        languages.append({code, name.isEmpty() ? code : name});
    }
    return languages;
}

void PreferencesDialog::accept()
{
    m_settings->setColorScheme(m_ui->colorSchemeCombo->currentData().value<Settings::ColorScheme>());
    m_settings->setLanguage(m_ui->languageCombo->currentData().toString());
    for (const auto& [kind, box] : constValue(notificationBoxes()))
        Notice::setEnabled(*m_settings, kind, box->isChecked());
    QDialog::accept();
}

} // namespace sfdesk
