#include "core/settings/settings.h"
#include "gui/settings/preferencesdialog.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

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
