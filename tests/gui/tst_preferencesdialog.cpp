// SPDX-License-Identifier: Apache-2.0

#include "core/settings/settings.h"

#include "common/constvalue.h"
#include "gui/settings/preferencesdialog.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestPreferencesDialog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void offersTheSystemLanguageAndEveryTranslation()
    {
        const auto languages = PreferencesDialog::availableLanguages();
        QVERIFY(languages.size() >= 3);
        QCOMPARE(languages.first().first, QString());
        QStringList codes;
        for (const auto& language : languages)
            codes << language.first;
        QVERIFY(codes.contains(u"en"_s));
        QVERIFY(codes.contains(u"de"_s));
        for (const auto& language : languages) {
            if (language.first == u"de")
                QCOMPARE(language.second, u"Deutsch"_s);
        }
    }

    void okAppliesTheChoices()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        PreferencesDialog dialog(&settings);
        auto* scheme = dialog.findChild<QComboBox*>(u"colorSchemeCombo"_s);
        auto* language = dialog.findChild<QComboBox*>(u"languageCombo"_s);
        QVERIFY(scheme && language);
        QCOMPARE(scheme->currentData().value<Settings::ColorScheme>(), Settings::ColorScheme::System);
        QCOMPARE(language->currentData().toString(), QString());
        scheme->setCurrentIndex(scheme->findData(QVariant::fromValue(Settings::ColorScheme::Dark)));
        language->setCurrentIndex(language->findData(u"de"_s));
        saveWidgetScreenshot(&dialog, u"preferences"_s);
        dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(settings.colorScheme(), Settings::ColorScheme::Dark);
        QCOMPARE(settings.language(), u"de"_s);
    }

    // One box per kind of notice, each on until turned off, remembered in the settings.
    void notificationsCanBeTurnedOffEachOnItsOwn()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        const QList<std::pair<Notice::Kind, QString>> boxes{
            {Notice::Kind::OrderFilled, u"notifyOrderFilled"_s},
            {Notice::Kind::OrderExpired, u"notifyOrderExpired"_s},
            {Notice::Kind::CapacitySoon, u"notifyCapacitySoon"_s},
            {Notice::Kind::InstanceRunning, u"notifyInstanceRunning"_s},
            {Notice::Kind::PriceWatch, u"notifyPriceWatch"_s},
            {Notice::Kind::PoolIdle, u"notifyPoolIdle"_s}};
        QCOMPARE(boxes.size(), Notice::allKinds().size());
        {
            PreferencesDialog dialog(&settings);
            for (const auto& [kind, name] : boxes) {
                auto* box = dialog.findChild<QCheckBox*>(name);
                QVERIFY2(box, qPrintable(name));
                QVERIFY(box->isChecked());
                QVERIFY(!box->accessibleName().isEmpty());
            }
            dialog.findChild<QCheckBox*>(u"notifyOrderExpired"_s)->setChecked(false);
            dialog.findChild<QCheckBox*>(u"notifyCapacitySoon"_s)->setChecked(false);
            dialog.findChild<QCheckBox*>(u"notifyPriceWatch"_s)->setChecked(false);
            dialog.findChild<QCheckBox*>(u"notifyPoolIdle"_s)->setChecked(false);
            dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Ok)->click();
        }
        QVERIFY(Notice::isEnabled(settings, Notice::Kind::OrderFilled));
        QVERIFY(!Notice::isEnabled(settings, Notice::Kind::OrderExpired));
        QVERIFY(!Notice::isEnabled(settings, Notice::Kind::CapacitySoon));
        QVERIFY(Notice::isEnabled(settings, Notice::Kind::InstanceRunning));
        QVERIFY(!Notice::isEnabled(settings, Notice::Kind::PriceWatch));
        QVERIFY(!Notice::isEnabled(settings, Notice::Kind::PoolIdle));
        // Read back from the file, as the next start does.
        Settings again(dir.filePath(u"s.ini"_s));
        QVERIFY(!Notice::isEnabled(again, Notice::Kind::OrderExpired));
        PreferencesDialog dialog(&again);
        QVERIFY(!dialog.findChild<QCheckBox*>(u"notifyOrderExpired"_s)->isChecked());
        QVERIFY(dialog.findChild<QCheckBox*>(u"notifyOrderFilled"_s)->isChecked());
    }

    // Every control of the dialog has its own Alt+letter.
    void mnemonicsDoNotClash()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        PreferencesDialog dialog(&settings);
        QStringList texts;
        for (const QLabel* label : constValue(dialog.findChildren<QLabel*>()))
            texts << label->text();
        for (const QAbstractButton* button : constValue(dialog.findChildren<QAbstractButton*>()))
            texts << button->text();
        QSet<QChar> keys;
        for (const QString& text : std::as_const(texts)) {
            const qsizetype amp = text.indexOf(u'&');
            if (amp < 0 || amp + 1 >= text.size() || text.at(amp + 1) == u'&')
                continue;
            const QChar key = text.at(amp + 1).toLower();
            QVERIFY2(!keys.contains(key), qPrintable(u"Alt+"_s + key + u" twice, in "_s + text));
            keys.insert(key);
        }
        QVERIFY(keys.size() >= 6);
    }

    void cancelChangesNothing()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        settings.setLanguage(u"en"_s);
        PreferencesDialog dialog(&settings);
        auto* language = dialog.findChild<QComboBox*>(u"languageCombo"_s);
        QCOMPARE(language->currentData().toString(), u"en"_s);
        language->setCurrentIndex(language->findData(u"de"_s));
        dialog.findChild<QDialogButtonBox*>(u"buttonBox"_s)->button(QDialogButtonBox::Cancel)->click();
        QCOMPARE(settings.language(), u"en"_s);
    }
};

QTEST_MAIN(TestPreferencesDialog)
#include "tst_preferencesdialog.moc"
