import { Alert, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { useAuth } from './AuthContext';
import { afterSignIn } from './guards';
import { LoginForm } from './LoginForm';

/**
 * '/': signed-in visitors never get here (RequireAccess sends them to their home). After
 * signing in, the page asked for while signed out (`?next=`), else the person's home.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const { signIn, sessionEnded } = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();

  const submit = async (values: LoginInput) => {
    const user = await signIn(values);
    navigate(afterSignIn(user, search), { replace: true });
  };

  return (
    <Center mih="80vh">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Group justify="flex-end">
            <LanguageSwitch />
          </Group>
          <Stack gap={6} align="center">
            <Image src="/logo.svg" alt="" w={56} h={56} />
            <Title order={1} size="h2" ta="center">
              {t('common.appName')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('login.title')}
            </Text>
          </Stack>
          {sessionEnded && (
            <Alert color="yellow" variant="light" role="status" title={t('shell.sessionEnded')}>
              {t('shell.sessionEndedHint')}
            </Alert>
          )}
          <LoginForm onSubmit={submit} />
        </Stack>
      </Paper>
    </Center>
  );
}
